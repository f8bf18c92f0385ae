import { useCallback, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { TABLET_WIDTH } from '../ui/breakpoints.ts';
import { useOverlay, type OverlayPresenter } from '../ui/useOverlay.ts';
import './chooser.css';

export interface ChooserSearch {
  label: string;
  value: string;
  onChange(value: string): void;
}

/**
 * The platform and seller choosers' frame: an Ionic modal whose content React renders through a
 * portal — a bottom sheet on phones, a dialog on wider screens — with the title, the search box and
 * (when not blocking) a close button. Blocking choosers (the first choice) cannot be closed.
 */
export function ChooserModal({
  title,
  search,
  blocking,
  onClose,
  footer,
  children,
}: {
  title: string;
  search: ChooserSearch;
  blocking: boolean;
  onClose?: () => void;
  footer?: ReactNode;
  /** The list; it receives the title's id to label itself. */
  children: (titleId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [content] = useState(() => {
    const element = document.createElement('div');
    element.className = 'chooser';
    return element;
  });
  const presentOverlay = useCallback<OverlayPresenter>(
    ({ presentModal }) => presentModal({ content, label: title, sheet: innerWidth < TABLET_WIDTH, blocking, onDismiss: onClose }),
    [
    content,
    title,
    blocking,
    onClose,
  ],
  );
  useOverlay(true, presentOverlay);
  return createPortal(
    <>
      <div className="chooser__header">
        <h2 className="chooser__title" id={titleId}>
          {title}
        </h2>
        {!blocking && (
          <button type="button" className="button button--icon" onClick={onClose} aria-label={t('Close')}>
            ✕
          </button>
        )}
      </div>
      <input
        className="chooser__search"
        type="search"
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
        aria-label={search.label}
        placeholder={search.label}
        autoComplete="off"
      />
      <div className="chooser__body">{children(titleId)}</div>
      {footer}
    </>,
    content,
  );
}
