import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { busyFor, taskRecorder, underReactScheduler } from '../ui/test-support.ts';
import { ShellLayout } from './ShellLayout.tsx';

const brand = { appName: 'Staff Desktop', logo: '/brand/logo.svg' } as never;

function onScreen(split: boolean) {
  const idle: (() => void)[] = [];
  vi.stubGlobal('matchMedia', () => ({ matches: split, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  render(
    <MemoryRouter>
      <ShellLayout brand={brand} version="1.0.0" sidebar={<a href="/orders">Orders</a>}>
        <p>content</p>
      </ShellLayout>
    </MemoryRouter>,
  );
  return { runIdle: () => act(() => idle.splice(0).forEach((callback) => callback())) };
}

describe('ShellLayout', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("on a phone, fills the closed drawer's menu only once the first screen is drawn and the browser is idle", async () => {
    const { runIdle } = onScreen(false);
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.getByRole('navigation', { hidden: true })).toBeTruthy();
    const drawn = () => {
      const item = screen.queryByRole('link', { name: 'Orders', hidden: true });
      return item !== null && item.closest('[style*="display: none"]') === null;
    };
    expect(drawn()).toBe(false);
    await runIdle();
    expect(drawn()).toBe(true);
  });

  it("on a phone, draws the drawer's items in slices that give the main thread back, not in one long task", () =>
    underReactScheduler(async () => {
      const idle: (() => void)[] = [];
      vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
      vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
      vi.stubGlobal('cancelIdleCallback', () => undefined);
      const tasks = taskRecorder();
      function SlowItem({ n }: { n: number }) {
        busyFor(3); // an item that takes 3 ms to draw, as on a handheld
        tasks.mark('item');
        return <a href={`/route-${n}`}>Route {n}</a>;
      }
      // The signed-in shell draws itself again and again at start: each time its items are new elements.
      const shell = () => (
        <MemoryRouter>
          <ShellLayout brand={brand} version="1.0.0" sidebar={Array.from({ length: 30 }, (_, n) => <SlowItem key={n} n={n} />)}>
            <p>content</p>
          </ShellLayout>
        </MemoryRouter>
      );
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      try {
        root.render(shell());
        await new Promise((resolve) => setTimeout(resolve, 300)); // the first screen, and what React draws ahead of the hidden items
        tasks.events.length = 0;
        tasks.startTicking();
        root.render(shell());
        idle.splice(0).forEach((callback) => callback()); // the browser is idle: the items are drawn
        const shown = () => container.querySelector('a[href="/route-29"]')?.closest('[style*="display: none"]') === null;
        await waitFor(() => expect(shown()).toBe(true), { timeout: 5000 });
        // Other tasks ran while the items were drawn: a tap meanwhile would have been answered.
        expect(tasks.yieldedDuring('item')).toBe(true);
      } finally {
        tasks.stopTicking();
        root.unmount();
        container.remove();
      }
    }));

  it('beside the content from the tablet width up, draws the menu with the first screen', () => {
    onScreen(true);
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
  });
});
