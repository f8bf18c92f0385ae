import type { ReactNode } from 'react';

/** A scrollable page of the shell's own (error pages, export history, maintenance): plain DOM, no Ionic wrapper. */
export function Page({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`ion-page portal-page ${className}`.trim()}>
      <div className="portal-page__scroll">{children}</div>
    </div>
  );
}
