import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAME_ALLOW, FRAME_SANDBOX } from '../frames/settings.ts';
import './modal-frame.css';

export interface ModalFrameSpec {
  title: string;
  src: string;
  app: string;
  /** Guide popup 1000, Contact Support 450 (shell.md §9); modal menu items use the guide width. */
  width: number;
}

/**
 * An embedded page in a modal dialog: user guides, Contact Support, modal menu items. `name` is its
 * window.name settings, as every embedded frame gets them (shell.md §2).
 */
export function ModalFrame({ spec, name, onClose }: { spec: ModalFrameSpec; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="modal-frame" style={{ width: `min(${spec.width}px, calc(100vw - 16px))` }} aria-label={spec.title} onClose={onClose}>
      <div className="modal-frame__header">
        <h2 className="modal-frame__title">{spec.title}</h2>
        <button type="button" className="button button--icon" aria-label={t('Close')} onClick={() => dialog.current?.close()}>
          ✕
        </button>
      </div>
      <iframe className="modal-frame__frame" src={spec.src} name={name} title={spec.title} sandbox={FRAME_SANDBOX} allow={FRAME_ALLOW} />
    </dialog>
  );
}
