import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, press, resetOverlays, shown } from '../offline/test-support.ts';
import { UpgradeCountdown } from './UpgradeCountdown.tsx';
import type { UpgradeWindow } from './windows.ts';

vi.mock('../ui/overlays.ts', () => import('../offline/test-support.ts'));

const warehouse: UpgradeWindow = {
  pathPrefix: '/warehousing',
  start: Date.parse('2030-02-10T22:00:00Z'),
  end: Date.parse('2030-02-11T00:30:00Z'),
  service: 'Warehouse',
  translationKey: 'Upgrade.Warehouse',
};
const windows = [warehouse];

beforeAll(initTestI18n);
beforeEach(() => {
  resetOverlays();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function mount(now: number, { path = '/warehousing/import/requests', bypass = false } = {}) {
  vi.setSystemTime(now);
  const navigate = vi.fn();
  await act(async () => {
    render(<UpgradeCountdown windows={windows} path={path} bypass={bypass} navigate={navigate} />);
  });
  return navigate;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // Lets the lazily imported overlays module resolve.
  await act(async () => {});
}

const status = () => screen.queryByTestId('upgrade-status');

describe('<UpgradeCountdown>', () => {
  it('shows nothing more than two hours before a window', async () => {
    await mount(warehouse.start - 2 * 3_600_000 - 1000);
    expect(status()).toBeNull();
    await advance(1000);
    expect(screen.getByRole('button').textContent).toBe('Warehouse upgrade in 02:00:00');
  });

  it('counts down each second, with the window in its tooltip', async () => {
    await mount(warehouse.start - 65_000);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Warehouse upgrade in 00:01:05');
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip', { hidden: true }).id);
    await advance(5000);
    expect(button.textContent).toBe('Warehouse upgrade in 00:01:00');
  });

  it('at zero asks whether to leave; Yes opens /upgrading for the window', async () => {
    const navigate = await mount(warehouse.start - 3000);
    expect(screen.getByRole('button').textContent).toBe('Warehouse upgrade in 00:00:03');
    await advance(2000);
    expect(shown.alerts).toEqual([]);
    await advance(1000);
    expect(screen.getByRole('button').textContent).toBe('Upgrading');
    expect(shown.alerts).toHaveLength(1);
    expect(shown.alerts[0]?.blocking).not.toBe(false);
    expect(shown.alerts[0]?.message).toContain('Warehouse');
    await press('Yes');
    expect(navigate).toHaveBeenCalledWith(
      '/upgrading?upgradeStartTime=2030-02-10T22%3A00%3A00.000Z&upgradeEndTime=2030-02-11T00%3A30%3A00.000Z&serviceName=Warehouse',
    );
    await advance(5000);
    expect(shown.alerts).toHaveLength(1); // asked once
  });

  it("at zero, 'No and go home' goes to the home page", async () => {
    const navigate = await mount(warehouse.start - 1000);
    await advance(1000);
    await press('No and go home');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('does not ask a user who may bypass maintenance', async () => {
    const navigate = await mount(warehouse.start - 1000, { bypass: true });
    await advance(1000);
    expect(screen.getByRole('button').textContent).toBe('Upgrading');
    expect(shown.alerts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('during a window shows Upgrading with a tooltip, without asking', async () => {
    await mount(warehouse.start + 60_000);
    expect(screen.getByRole('button').textContent).toBe('Upgrading');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toMatch(/^Warehouse is being upgraded until /);
    await advance(2000);
    expect(shown.alerts).toEqual([]);
  });

  it('ignores windows of other modules', async () => {
    await mount(warehouse.start - 1000, { path: '/orders' });
    expect(status()).toBeNull();
    await advance(1000);
    expect(status()).toBeNull();
  });

  it('tapping toggles the tooltip open', async () => {
    await mount(warehouse.start + 1000);
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    await act(async () => screen.getByRole('button').click());
    expect(tooltip.className).toContain('upgrade-status__tooltip--open');
  });
});
