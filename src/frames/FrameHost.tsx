import { memo, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner.tsx';
import { placeFrame, showAdoptedFrame } from './adopted-frame.ts';
import type { FrameEntry, FramePool } from './pool-store.ts';
import { FRAME_SANDBOX } from './settings.ts';

/**
 * Renders the kept-alive frames; only the active one is visible. `needsConnection` draws what covers
 * a frame that stayed silent offline (readiness.ts): the shell's card, with Retry. Memoised: it draws
 * from the pool's store, so the shell's render on a route change passes it by.
 */
export const FrameHost = memo(function FrameHost({ pool, needsConnection }: { pool: FramePool; needsConnection: (title: string, retry: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const { entries, activeKey } = useSyncExternalStore(pool.subscribe, pool.getSnapshot);
  const active = entries.find((entry) => entry.key === activeKey);
  return (
    <div className="frame-host" hidden={!active}>
      {entries.map((entry) =>
        entry.adopted ? (
          <AdoptedFrame key={`${entry.id}#${entry.attempt}`} entry={entry} element={entry.adopted} hidden={entry.key !== activeKey} pool={pool} />
        ) : (
          <iframe
          // A new attempt is a new element: the retry reloads the page from scratch. The id (not the
          // key, which route sync may change) keeps the element when the frame moves on by itself.
          key={`${entry.id}#${entry.attempt}`}
          ref={(element) => pool.attach(entry.key, element)}
          data-frame-key={entry.key}
          className="frame-host__frame"
          hidden={entry.key !== activeKey}
          name={entry.name}
          src={entry.src}
          title={entry.title}
          sandbox={FRAME_SANDBOX}
          allow={entry.allow}
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => pool.loaded(entry.key)}
        />
        ),
      )}
      {active?.status === 'loading' && (
        <div className="frame-host__overlay" role="status">
          <Spinner />
          <span>{t('Frame.Loading', { title: active.title })}</span>
        </div>
      )}
      {active?.status === 'error' && (
        <div className="frame-host__overlay frame-host__overlay--error" role="alert">
          <p>{t('Frame.LoadFailed', { title: active.title })}</p>
          <button type="button" className="button button--primary" onClick={() => pool.retry(active.key)}>
            {t('Retry')}
          </button>
        </div>
      )}
      {active?.status === 'needs-connection' && needsConnection(active.title, () => pool.retry(active.key))}
    </div>
  );
});

/**
 * A frame created before the pool (adopted-frame.ts), moved into the host without reloading it; React keeps
 * its attributes as it would for the frames it creates.
 */
function AdoptedFrame({ entry, element, hidden, pool }: { entry: FrameEntry; element: HTMLIFrameElement; hidden: boolean; pool: FramePool }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (slot.current) placeFrame(slot.current, element);
  }, [element]);
  useLayoutEffect(() => showAdoptedFrame(element, { hidden, title: entry.title, key: entry.key }), [element, hidden, entry.title, entry.key]);
  const { key } = entry;
  useEffect(() => {
    const listener = () => pool.loaded(key);
    element.addEventListener('load', listener);
    return () => element.removeEventListener('load', listener);
  }, [element, pool, key]);
  return <div ref={slot} className="frame-host__adopted" />;
}
