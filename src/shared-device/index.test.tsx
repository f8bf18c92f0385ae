import { cleanup, render } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedDevicePolicy } from '../config/schema.ts';
import { Session } from '../session/session.ts';
import { DEVICE_CHANNEL } from './channel.ts';
import { COVERED_ATTRIBUTE } from './cover.ts';
import { NextPersonPage, useSharedDevice, useShiftOutsideShell, type EndedElsewhere, type ShiftDeps } from './index.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const policy: SharedDevicePolicy = { idleLockMinutes: 5, idleEndMinutes: 30, pin: { length: 4, tries: 5 } };

function shiftDeps() {
  return {
    person: { sub: 'staff-0003', loginHint: 'picker' },
    signedInThisPage: false,
    endFrames: vi.fn(async () => undefined),
    tellWorker: vi.fn(async (_sub: string | null) => undefined),
    logout: vi.fn(async () => true),
    endedElsewhere: vi.fn(),
    signInAgain: vi.fn(async () => 'same' as const),
    openChannel: () => ({ post: vi.fn(), close: vi.fn() }),
    watch: () => () => undefined,
    cover: vi.fn(),
  } satisfies ShiftDeps;
}

function Shell({ policy, deps }: { policy: SharedDevicePolicy | null; deps: ShiftDeps }) {
  useSharedDevice(policy, deps);
  return null;
}

/** A session whose logout goes as far as the provider's (a fake) and no further. */
const session = () =>
  new Session({
    loadLibrary: async () => ({
      manager: { getUser: async () => null, removeUser: async () => undefined, signoutRedirect: async () => undefined, events: { addAccessTokenExpiring: vi.fn(), addAccessTokenExpired: vi.fn() } } as unknown as UserManager,
      isRefusal: () => false,
      signInInPlace: () => Promise.reject(new Error('not here')),
    }),
    storedUser: () => null,
    forgetUser: () => undefined,
  });

describe('useSharedDevice', () => {
  it('every logout on a shared device takes the device’s part (the frames and the worker told), not End shift only', async () => {
    const deps = shiftDeps();
    render(<Shell policy={policy} deps={deps} />);
    expect(await session().logout()).toBe(true);
    expect(deps.endFrames).toHaveBeenCalledOnce();
    expect(deps.tellWorker).toHaveBeenLastCalledWith(null);
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('asks for the next person’s screen as the person starts leaving, so it is drawn the moment they have left', async () => {
    const preload = vi.spyOn(NextPersonPage, 'preload');
    render(<Shell policy={policy} deps={shiftDeps()} />);
    expect(preload).not.toHaveBeenCalled();
    await session().logout();
    expect(preload).toHaveBeenCalledOnce();
    preload.mockRestore();
  });

  it('adds nothing to logout on a personal device, nor once the shell is gone', async () => {
    const personal = shiftDeps();
    render(<Shell policy={null} deps={personal} />);
    await session().logout();
    expect(personal.endFrames).not.toHaveBeenCalled();
    cleanup();
    const gone = shiftDeps();
    render(<Shell policy={policy} deps={gone} />).unmount();
    await session().logout();
    expect(gone.endFrames).not.toHaveBeenCalled();
  });
});

describe('a shell tab whose shift has not loaded yet (a tab in the background)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('still ends its session when the shift ends in another tab: the work hidden at once, the frames told first; its shift never starts', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0); // never idle: the controller does not load by itself
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const deps = shiftDeps();
    const order: string[] = [];
    deps.endFrames.mockImplementation(async () => void order.push('frames'));
    deps.endedElsewhere.mockImplementation(() => void order.push('session'));
    render(<Shell policy={policy} deps={deps} />);
    const other = otherTab();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the channel's chunk
    other.channel.postMessage({ type: 'shift-end' });
    await vi.waitFor(() => expect(order).toEqual(['frames', 'session']));
    expect(document.documentElement.hasAttribute(COVERED_ATTRIBUTE)).toBe(true);
    expect(deps.tellWorker).not.toHaveBeenCalled(); // the controller did not start
    other.channel.close();
    cleanup(); // while the stubs stand: the unmount cancels its idle callback
  });
});

function OutsideShell({ on, session }: { on: boolean; session: EndedElsewhere }) {
  useShiftOutsideShell(on, session);
  return null;
}

/** Another tab of the device: its own channel of the same name. */
function otherTab() {
  const heard: unknown[] = [];
  const channel = new BroadcastChannel(DEVICE_CHANNEL);
  channel.onmessage = (event: MessageEvent) => void heard.push(event.data);
  return { heard, channel };
}

describe('useShiftOutsideShell', () => {
  it('a logout from a page before the shell (a chooser) tells the other tabs the shift ended', async () => {
    const other = otherTab();
    render(<OutsideShell on session={{ endedElsewhere: vi.fn() }} />);
    expect(await session().logout()).toBe(true);
    await vi.waitFor(() => expect(other.heard).toEqual([{ type: 'shift-end' }]));
    other.channel.close();
  });

  it('a shift ended in another tab ends this page’s session', async () => {
    const other = otherTab();
    const here = { endedElsewhere: vi.fn() };
    render(<OutsideShell on session={here} />);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the channel's chunk
    other.channel.postMessage({ type: 'shift-end' });
    await vi.waitFor(() => expect(here.endedElsewhere).toHaveBeenCalledOnce());
    other.channel.close();
  });

  it('does nothing on a personal device, nor in the shell (its controller takes the tabs)', async () => {
    const other = otherTab();
    const here = { endedElsewhere: vi.fn() };
    render(<OutsideShell on={false} session={here} />);
    await session().logout();
    other.channel.postMessage({ type: 'shift-end' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.heard).toEqual([]);
    expect(here.endedElsewhere).not.toHaveBeenCalled();
    other.channel.close();
  });
});
