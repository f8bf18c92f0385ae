import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('beside the content from the tablet width up, draws the menu with the first screen', () => {
    onScreen(true);
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
  });
});
