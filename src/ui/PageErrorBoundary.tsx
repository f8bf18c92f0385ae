import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * The last line before a white page: an error while drawing (a chunk that never arrived where no
 * other part caught it, a bug) shows `fallback` — a page with Retry — instead of an empty root.
 */
export class PageErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[page] drawing failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
