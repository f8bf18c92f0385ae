import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A shared device's dialog: the platform's modal <dialog>, in the top layer above everything the page
 * shows (the modal frame's dialog, Ionic's overlays, a toast that arrives later), with everything
 * else inert while it is open; drawn in the shared device's layer beside the app, which cover.ts hides. It stays until
 * its owner removes it: Escape is `onCancel`'s (nothing by default), and a browser that closes it
 * anyway finds it open again.
 */
export function ShiftDialog({
  labelledBy,
  describedBy,
  alert = false,
  className = '',
  onCancel,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** An alert dialog: assistive technology reads its description out as it opens. */
  alert?: boolean;
  className?: string;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    const reopen = () => element.isConnected && !element.open && element.showModal();
    element.addEventListener('close', reopen);
    return () => {
      element.removeEventListener('close', reopen);
      element.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`shift-dialog ${className}`}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
    >
      {children}
    </dialog>
  );
}
