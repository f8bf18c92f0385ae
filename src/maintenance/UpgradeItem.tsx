import { useEffect, useState } from 'react';
import { deferred } from '../ui/deferred.tsx';
import { withDeferredTexts } from '../i18n/index.ts';
import type { UpgradeCountdownProps } from './UpgradeCountdown.tsx';
import { upgradeItemDueAt } from './windows.ts';

const UpgradeCountdown = deferred(() => withDeferredTexts(import('./UpgradeCountdown.tsx')).then((module) => module.UpgradeCountdown), { idle: true, quiet: true });

/** A timer's longest wait here: far windows are waited for in steps, and a device that slept catches up within one. */
export const UPGRADE_ITEM_CHECK_MS = 60_000;

/**
 * The header's upgrade item: the countdown (UpgradeCountdown.tsx) once a window is open or less than
 * two hours away. Until then its code and styles stay unloaded: their evaluation and the page's
 * restyle were long tasks behind a handheld's first screen, with nothing to show.
 */
export function UpgradeItem(props: UpgradeCountdownProps) {
  const [now, setNow] = useState(Date.now);
  const dueAt = upgradeItemDueAt(props.windows, now);
  const due = dueAt !== null && dueAt <= now;
  useEffect(() => {
    if (dueAt === null || due) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(dueAt - now, UPGRADE_ITEM_CHECK_MS));
    return () => clearTimeout(timer);
  }, [dueAt, due, now]);
  return due ? <UpgradeCountdown {...props} /> : null;
}
