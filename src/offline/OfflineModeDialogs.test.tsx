import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/local.ts';
import { OfflineModeDialogs } from './OfflineModeDialogs.tsx';
import { initTestI18n, press, resetOverlays, shown } from './test-support.ts';

vi.mock('../ui/overlays.ts', () => import('./test-support.ts'));

let online = true;
beforeAll(initTestI18n);
beforeEach(() => {
  online = true;
  resetOverlays();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function setConnectivity(value: boolean) {
  online = value;
  await act(async () => {
    dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

async function mount(mode: 'online' | 'offline', reload = vi.fn()) {
  await act(async () => {
    render(<OfflineModeDialogs mode={mode} reload={reload} />);
  });
  return reload;
}

describe('<OfflineModeDialogs>', () => {
  it('asks nothing while the mode matches connectivity', async () => {
    await mount('online');
    expect(shown.alerts).toEqual([]);
    expect(shown.toasts).toEqual([]);
  });

  it('at start, a stored mode that differs from connectivity brings the blocking dialog; confirming stores and reloads', async () => {
    online = false;
    const reload = await mount('online');
    expect(shown.alerts).toHaveLength(1);
    expect(shown.alerts[0]?.message).toMatch(/no internet connection/i);
    expect(shown.alerts[0]?.blocking).not.toBe(false);
    await press('Switch to offline mode');
    expect(localStorage.getItem(STORAGE_KEYS.onlineMode)).toBe('false');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows a notice on each change and offers online mode when the internet returns', async () => {
    online = false;
    const reload = await mount('offline');
    expect(shown.alerts).toEqual([]);

    await setConnectivity(true);
    expect(shown.toasts.map((toast) => toast.message)).toEqual(['The internet connection is back.']);
    expect(shown.alerts).toHaveLength(1);
    await press('Switch to online mode');
    expect(localStorage.getItem(STORAGE_KEYS.onlineMode)).toBe('true');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('staying keeps the mode until the connection changes again; a flip back withdraws the question', async () => {
    const reload = await mount('online');
    await setConnectivity(false);
    expect(shown.toasts.at(-1)?.message).toBe('The internet connection was lost.');
    await press('Stay in online mode');
    expect(shown.alerts).toHaveLength(1);

    await setConnectivity(true);
    await setConnectivity(false);
    expect(shown.alerts).toHaveLength(2);
    await setConnectivity(true);
    expect(shown.alerts[1]?.dismissed).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.onlineMode)).toBeNull();
  });
});
