import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../offline/test-support.ts';
import { UPGRADE_ITEM_CHECK_MS, UpgradeItem } from './UpgradeItem.tsx';
import { UPCOMING_WINDOW_MS, type UpgradeWindow } from './windows.ts';

const warehouse: UpgradeWindow = { pathPrefix: '/warehousing', start: Date.parse('2030-02-10T22:00:00Z'), end: Date.parse('2030-02-11T00:30:00Z'), service: 'Warehouse' };
const loaded = vi.fn();
vi.mock('./UpgradeCountdown.tsx', () => ({
  UpgradeCountdown: () => {
    loaded();
    return <span data-testid="upgrade-status" />;
  },
}));

beforeAll(initTestI18n);
beforeEach(() => {
  loaded.mockClear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestIdleCallback', 'cancelIdleCallback'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function mount(now: number, windows: UpgradeWindow[] = [warehouse]) {
  vi.setSystemTime(now);
  await act(async () => {
    render(<UpgradeItem windows={windows} path="/warehousing/import" bypass={false} navigate={() => {}} />);
  });
  await settle();
}

/** Runs what is due (the idle moment, the countdown's import) and lets React draw it. */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(2_000);
  });
}

const status = () => screen.queryByTestId('upgrade-status');

describe('<UpgradeItem>', () => {
  it('loads nothing when no window is ahead, or while the next one is more than two hours away', async () => {
    await mount(warehouse.start, []);
    expect(status()).toBeNull();
    cleanup();
    await mount(warehouse.start - 30 * 24 * 3_600_000);
    expect(status()).toBeNull();
    expect(loaded).not.toHaveBeenCalled();
  });

  it('draws the countdown from two hours before a window, waiting in steps, not before', async () => {
    await mount(warehouse.start - UPCOMING_WINDOW_MS - UPGRADE_ITEM_CHECK_MS - 30_000);
    await settle(UPGRADE_ITEM_CHECK_MS);
    expect(status()).toBeNull();
    await settle(30_000);
    expect(status()).not.toBeNull();
  });

  it('draws it at once inside a window, and after the last window is gone it has nothing to wait for', async () => {
    await mount(warehouse.start + 60_000);
    expect(status()).not.toBeNull();
    cleanup();
    await mount(warehouse.end);
    expect(status()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
