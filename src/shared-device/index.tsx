import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { SharedDevicePolicy } from '../config/schema.ts';
import { withDeferredTexts } from '../i18n/index.ts';
import { BootSpinner } from '../ui/BootSpinner.tsx';
import { deferred } from '../ui/deferred.tsx';
import { whenIdle } from '../ui/idle.ts';
import type { DeviceChannel } from './channel.ts';
import { coverWork } from './cover.ts';
import type { SharedDevice, SharedDeviceDeps } from './device.ts';
import { storedText } from '../storage/local.ts';
import { whileLeaving } from '../session/session.ts';
import { lockDue } from './lock-due.ts';

/**
 * A shared device (README "Shared devices"), as the shell uses it. What is here is on the start's path
 * and small: the check that hides the work of a locked shift before the shell's first paint, and the
 * loader of the shift's controller (device.ts) and of its dialogs, both lazy.
 */
export type { SharedDevice } from './device.ts';
export type { WaitingCount } from './LockScreen.tsx';

/** What the shell's user menu does on a shared device: End shift in place of Logout. */
export interface ShiftControls {
  endShift(): void;
}

export const ShiftContext = createContext<ShiftControls | null>(null);

/** End shift, on a shared device; null on a personal one (the menu keeps Logout). */
export const useShiftControls = (): ShiftControls | null => useContext(ShiftContext);

/** The signed-in shell's parts the shift needs (device.ts). */
export type ShiftDeps = Omit<SharedDeviceDeps, 'policy'>;

/** Loads the shift's controller once, when first needed, and starts it. */
class ShiftLoader implements ShiftControls {
  private loading: Promise<SharedDevice | null> | null = null;
  private device: SharedDevice | null = null;
  /** The shift ended in another tab before the controller ran here: it never starts. */
  private endedElsewhere = false;

  constructor(
    private readonly deps: SharedDeviceDeps,
    private readonly onStart: (device: SharedDevice | null) => void,
  ) {}

  /** The device's part of a logout (device.ts leave), the controller loaded for it when it has not been yet. */
  leave = (): Promise<void> => this.load().then((device) => device?.leave());

  load(): Promise<SharedDevice | null> {
    this.loading ??= import('./device.ts').then(
      ({ SharedDevice }) => {
        if (!this.loading || this.endedElsewhere) return null; // disposed, or the shift ended, meanwhile
        this.device = new SharedDevice(this.deps);
        this.device.start();
        this.onStart(this.device);
        return this.device;
      },
      (error: unknown) => {
        console.warn('[shared-device] the shift could not be loaded', error);
        this.loading = null;
        return null;
      },
    );
    return this.loading;
  }

  /**
   * Until the controller runs (it loads when the first screen is idle, later in a tab in the
   * background), a shift ended in another tab still reaches this one: the work is hidden at once, the
   * frames are told, then the session ends here. The controller's own channel takes the messages once it runs.
   */
  hearEarly(): () => void {
    return hearShiftEnd(() => this.endedInAnotherTab()).close;
  }

  private endedInAnotherTab(): void {
    if (this.device || this.endedElsewhere) return;
    this.endedElsewhere = true;
    coverWork(true); // nothing of the work shows while the frames clear their storage
    void this.deps
      .endFrames()
      .catch((error: unknown) => console.warn('[shared-device] the frames could not be told the session ended', error))
      .finally(() => this.deps.endedElsewhere());
  }

  /** Without its controller (its code did not arrive) End shift is still the session's logout, which wipes the same. */
  endShift(): void {
    void this.load().then(async (device) => {
      if (device) await device.endShift();
      else await this.deps.logout();
    });
  }

  dispose(): void {
    this.loading = null;
    this.device?.dispose();
    this.device = null;
    this.onStart(null);
    coverWork(false);
  }
}

/**
 * The shift of the signed-in shell on a shared device (`policy`), or nothing on a personal one. A
 * shift that is locked, or idle past its lock time since the page was last open, hides the work
 * before the shell's first paint and loads at once; otherwise it loads once the first screen is idle.
 */
export function useSharedDevice(policy: SharedDevicePolicy | null, deps: ShiftDeps): { device: SharedDevice | null; controls: ShiftControls | null } {
  const [device, setDevice] = useState<SharedDevice | null>(null);
  const loader = useMemo(() => (policy ? new ShiftLoader({ ...deps, policy }, setDevice) : null), [policy, deps]);
  const [covered] = useState(() => policy !== null && lockDue(storedText, Date.now()));
  useLayoutEffect(() => {
    if (loader && covered) coverWork(true);
  }, [loader, covered]);
  useEffect(() => {
    if (!loader) return;
    const cancel = covered ? (void loader.load(), undefined) : whenIdle(() => void loader.load());
    // Every logout on a shared device takes the device's part, End shift or not; the next person's
    // screen is drawn the moment the person has left, so its code is asked for as they start leaving.
    const stopLeaving = whileLeaving(loader.leave);
    const stopPreloading = whileLeaving(async () => NextPersonPage.preload());
    const stopHearing = loader.hearEarly();
    return () => {
      stopLeaving();
      stopPreloading();
      stopHearing();
      cancel?.();
      loader.dispose();
    };
  }, [loader, covered]);
  return { device, controls: loader };
}

/** What of the session a page without the shift's controller needs (useShiftOutsideShell). */
export interface EndedElsewhere {
  endedElsewhere(): void;
}

/**
 * A shared device's start that ended before the shell (a chooser, a blocked page): the shift's
 * controller (device.ts) does not run here, yet a logout from this page still tells the other tabs
 * at once, and a shift ended in another tab still ends this page's session. Its channel loads with it.
 */
export function useShiftOutsideShell(on: boolean, session: EndedElsewhere): void {
  useEffect(() => {
    if (!on) return;
    const channel = hearShiftEnd(() => session.endedElsewhere());
    const stopLeaving = whileLeaving(async () => (await channel.opening)?.post({ type: 'shift-end' }));
    return () => {
      stopLeaving();
      channel.close();
    };
  }, [on, session]);
}

/** The device's channel, its code loaded with it, hearing a shift ended in another tab; null once closed before it opened. */
function hearShiftEnd(onEnded: () => void): { opening: Promise<DeviceChannel | null>; close(): void } {
  let closed = false;
  const opening = import('./channel.ts').then(({ openDeviceChannel }) =>
    closed ? null : openDeviceChannel((message) => message.type === 'shift-end' && onEnded()),
  );
  opening.catch((error: unknown) => console.warn('[shared-device] the other tabs cannot be heard or told here', error));
  return {
    opening,
    close: () => {
      closed = true;
      void opening.then((channel) => channel?.close()).catch(() => undefined);
    },
  };
}

/**
 * Where the shared device's dialogs go: beside the app in <body>, so that they stay when the work is
 * hidden (cover.ts), and so does the card that says their code could not be loaded.
 */
export function SharedDeviceOverlay({ children }: { children: ReactNode }) {
  const [layer] = useState(() => Object.assign(document.createElement('div'), { className: 'shift-layer' }));
  useLayoutEffect(() => {
    document.body.append(layer);
    return () => layer.remove();
  }, [layer]);
  return createPortal(children, layer);
}

/** The PIN offer, the countdown, the lock and the end of the shift (SharedDeviceLayer.tsx), loaded with their texts. */
export const SharedDeviceLayer = deferred(() => withDeferredTexts(import('./SharedDeviceLayer.tsx')).then((module) => module.SharedDeviceLayer));

/** A shared device's start with nobody signed in: "Next person: sign in", in the device's language. */
export const NextPersonPage = deferred(() => withDeferredTexts(import('./NextPersonPage.tsx')).then((module) => module.NextPersonPage), {
  fallback: <BootSpinner />,
});
