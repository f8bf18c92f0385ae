import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, press, resetOverlays, shown } from '../offline/test-support.ts';
import { useConfirmBeforeMaintenance, useMaintenanceRedirect } from './hooks.ts';
import type { UpgradeWindow } from './windows.ts';

vi.mock('../ui/overlays.ts', () => import('../offline/test-support.ts'));

const system: UpgradeWindow = {
  pathPrefix: '/',
  start: Date.parse('2030-01-05T01:00:00Z'),
  end: Date.parse('2030-01-05T03:00:00Z'),
  service: 'Staff Portal',
  translationKey: 'Upgrade.System',
};
const windows = [system];

beforeAll(initTestI18n);
beforeEach(() => {
  resetOverlays();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useMaintenanceRedirect', () => {
  it('sends a user inside a window to /upgrading with the translated service name', () => {
    vi.setSystemTime(system.start + 1);
    const navigate = vi.fn();
    renderHook(() => useMaintenanceRedirect({ windows, path: '/orders', bypass: false, navigate }));
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/upgrading?upgradeStartTime=2030-01-05T01%3A00%3A00.000Z&upgradeEndTime=2030-01-05T03%3A00%3A00.000Z&serviceName=Staff+Portal',
    );
  });

  it('leaves bypass users and users outside windows where they are', () => {
    const navigate = vi.fn();
    vi.setSystemTime(system.start + 1);
    renderHook(() => useMaintenanceRedirect({ windows, path: '/orders', bypass: true, navigate }));
    vi.setSystemTime(system.end);
    renderHook(() => useMaintenanceRedirect({ windows, path: '/orders', bypass: false, navigate }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses the configured name when the translation key is unknown', () => {
    vi.setSystemTime(system.start);
    const navigate = vi.fn();
    const unknownKey = [{ ...system, translationKey: 'Upgrade.Unknown', service: 'Billing' }];
    renderHook(() => useMaintenanceRedirect({ windows: unknownKey, path: '/', bypass: false, navigate }));
    expect(navigate.mock.calls[0]?.[0]).toMatch(/serviceName=Billing$/);
  });
});

describe('useConfirmBeforeMaintenance', () => {
  it('runs the action at once when no window is near', async () => {
    vi.setSystemTime(system.start - 2 * 3_600_000 - 1);
    const { result } = renderHook(() => useConfirmBeforeMaintenance(windows, '/dpos/create-order'));
    await expect(result.current(() => 'saved')).resolves.toBe('saved');
    expect(shown.alerts).toEqual([]);
  });

  it('asks first just before a window: Continue runs the action, Cancel does not', async () => {
    vi.setSystemTime(system.start - 90_000);
    const { result } = renderHook(() => useConfirmBeforeMaintenance(windows, '/dpos/create-order'));
    const action = vi.fn(() => 'saved');

    let outcome: Promise<string | undefined> = Promise.resolve(undefined);
    await act(async () => {
      outcome = result.current(action);
    });
    expect(shown.alerts[0]?.message).toBe('The upgrade of Staff Portal starts in 00:01:30. Work not finished by then may be lost. Continue?');
    expect(action).not.toHaveBeenCalled();
    await press('Continue');
    await expect(outcome).resolves.toBe('saved');

    await act(async () => {
      outcome = result.current(action);
    });
    await press('Cancel');
    await expect(outcome).resolves.toBeUndefined();
    expect(action).toHaveBeenCalledOnce();
  });
});
