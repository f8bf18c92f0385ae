import { useCallback, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useDeferredTranslation } from '../i18n/index.ts';
import type { PageOutbox, StoredEntry, UnreadableEntry } from '../outbox/index.ts';
import { TABLET_WIDTH } from '../ui/breakpoints.ts';
import { confirm } from '../ui/notify.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import './outbox-sheet.css';

type Listed = { entries: StoredEntry[]; unreadable: UnreadableEntry[] };

/**
 * The outbox's sheet (a bottom sheet on phones, a dialog on wider screens): the signed-in user's writes
 * not yet delivered — app, time, state and reason — each with Retry and Discard (confirmed).
 */
export function OutboxSheet({ outbox, onClose }: { outbox: () => Promise<PageOutbox>; onClose: () => void }) {
  const { t, i18n } = useDeferredTranslation();
  const titleId = useId();
  const [page, setPage] = useState<PageOutbox | null>(null);
  const [listed, setListed] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [content] = useState(() => Object.assign(document.createElement('div'), { className: 'outbox-sheet' }));
  const title = t('Outbox.Title');
  const present = useCallback<OverlayPresenter>(
    ({ presentModal }) => presentModal({ content, label: title, sheet: innerWidth < TABLET_WIDTH, blocking: false, onDismiss: onClose }),
    [content, title, onClose],
  );
  useOverlay(true, present);

  useEffect(() => {
    let live = true;
    let stop = () => undefined as unknown;
    outbox().then(
      (loaded) => {
        if (!live) return;
        setPage(loaded);
        const read = () =>
          void loaded.outbox.mine().then(
            (mine) => live && setListed({ entries: mine.entries.filter((entry) => entry.state !== 'delivered'), unreadable: mine.unreadable }),
            () => live && setFailed(true),
          );
        stop = loaded.outbox.subscribe(read);
        read();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      stop();
    };
  }, [outbox]);

  const time = (at: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(at);
  const appName = (app: string | null) => (app ? t(`Outbox.Apps.${app}`, { defaultValue: app }) : t('Outbox.Unreadable'));
  const discard = async (write: string, which: { id: string } | { seq: number }) => {
    const sure = await confirm({
      header: t('Outbox.ConfirmDiscard.Title'),
      message: t('Outbox.ConfirmDiscard.Message', { write }),
      stay: t('Outbox.ConfirmDiscard.Keep'),
      proceed: t('Outbox.ConfirmDiscard.Discard'),
    });
    if (sure) await page?.outbox.discard(which);
  };

  const empty = listed && listed.entries.length + listed.unreadable.length === 0;
  return createPortal(
    <>
      <div className="outbox-sheet__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--icon" onClick={onClose} aria-label={t('Close')}>
          ✕
        </button>
      </div>
      {failed && <p role="alert">{t('Outbox.Unavailable')}</p>}
      {!failed && !listed && <p>{t('Outbox.Loading')}</p>}
      {empty && <p>{t('Outbox.Empty')}</p>}
      {listed && !empty && (
        <ul className="outbox-sheet__list" aria-labelledby={titleId}>
          {listed.entries.map((entry) => {
            const write = `${appName(entry.app)} ${time(entry.queuedAt)}`;
            const problem = entry.problem;
            return (
              <li key={entry.id} className={`outbox-entry outbox-entry--${entry.state}`}>
                <div className="outbox-entry__what">
                  <strong>{appName(entry.app)}</strong> <span>{t('Outbox.QueuedAt', { time: time(entry.queuedAt) })}</span>
                </div>
                <div className="outbox-entry__state">
                  <span className="outbox-entry__badge">{t(`Outbox.State.${entry.state}`)}</span>
                  {problem && (
                    <span>
                      {t(`Outbox.Problem.${problem.reason}`)}
                      {problem.status !== null && ` (${t('Outbox.Status', { status: problem.status })})`}
                      {entry.state === 'queued' && problem.retryAt !== null && ` · ${t('Outbox.NextTry', { time: time(problem.retryAt) })}`}
                    </span>
                  )}
                </div>
                <div className="outbox-entry__actions">
                  <button type="button" className="button" aria-label={t('Outbox.Retry', { write })} onClick={() => void page?.outbox.retry(entry.id)} disabled={entry.state === 'sending'}>
                    {t('Retry')}
                  </button>
                  <button type="button" className="button" aria-label={t('Outbox.Discard', { write })} onClick={() => void discard(write, { id: entry.id })} disabled={entry.state === 'sending'}>
                    {t('Outbox.DiscardLabel')}
                  </button>
                </div>
              </li>
            );
          })}
          {listed.unreadable.map((record) => (
            <li key={`unreadable-${record.seq}`} className="outbox-entry outbox-entry--failed">
              <div className="outbox-entry__what">
                <strong>{t('Outbox.Unreadable')}</strong> {record.app && <span>{appName(record.app)}</span>}
              </div>
              <div className="outbox-entry__state">
                <span className="outbox-entry__badge">{t('Outbox.State.failed')}</span> <span>{t('Outbox.Problem.unreadable')}</span>
              </div>
              <div className="outbox-entry__actions">
                <button type="button" className="button" aria-label={t('Outbox.Discard', { write: t('Outbox.Unreadable') })} onClick={() => void discard(t('Outbox.Unreadable'), { seq: record.seq })}>
                  {t('Outbox.DiscardLabel')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>,
    content,
  );
}
