import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TABLET_WIDTH } from '../shell/sidebar-rules.ts';

/**
 * An Ionic modal whose content React renders through a portal: a bottom sheet on phones, a dialog on
 * wider screens. Blocking modals (first choice of platform or seller) cannot be closed.
 */
export function ChooserModal({ label, blocking, onClose, children }: { label: string; blocking: boolean; onClose?: () => void; children: ReactNode }) {
  const [content] = useState(() => {
    const element = document.createElement('div');
    element.className = 'chooser';
    return element;
  });
  useEffect(() => {
    let modal: HTMLIonModalElement | undefined;
    let closed = false;
    void import('../shell/overlays.ts')
      .then(({ presentModal }) => presentModal({ content, label, sheet: innerWidth < TABLET_WIDTH, blocking, onDismiss: onClose }))
      .then((presented) => {
        modal = presented;
        if (closed) void presented.dismiss();
      });
    return () => {
      closed = true;
      void modal?.dismiss();
    };
  }, [content, label, blocking, onClose]);
  return createPortal(children, content);
}
