import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceChannel, DeviceMessage } from './channel.ts';
import { COUNTDOWN_MS } from './idle.ts';
import { hashPin } from './pin.ts';
import { takeHandOver } from './badge.ts';
import { SharedDevice, type SharedDeviceDeps } from './device.ts';
import { newShift, readLastActivity, readShift, writeLastActivity, writeShift } from './shift.ts';

const MIN = 60_000;
const policy = { idleLockMinutes: 5, idleEndMinutes: 30, pin: { length: 4, tries: 3 }, badge: '^EMP-(?<login>[\\w.@-]+)$' };
const PICKER = { sub: 'staff-0003', loginHint: 'picker' };

/** Two tabs' channels joined, as one BroadcastChannel name joins them. */
function channels() {
  const open = new Set<(message: DeviceMessage) => void>();
  const posted: DeviceMessage[] = [];
  const openChannel = (onMessage: (message: DeviceMessage) => void): DeviceChannel => {
    open.add(onMessage);
    return {
      post: (message) => {
        posted.push(message);
        open.forEach((other) => other !== onMessage && other(message));
      },
      close: () => open.delete(onMessage),
    };
  };
  return { openChannel, posted };
}

function device(patch: Partial<SharedDeviceDeps> = {}, channel = channels()) {
  let touch: () => void = () => undefined;
  const deps = {
    policy,
    person: PICKER,
    signedInThisPage: false,
    endFrames: vi.fn(async () => undefined),
    tellWorker: vi.fn(async () => undefined),
    // The session runs the device's part inside every logout (index.tsx registers it).
    logout: vi.fn(async () => {
      await shared.leave();
      return true;
    }),
    endedElsewhere: vi.fn(),
    signInAgain: vi.fn(async () => 'same' as const),
    openChannel: channel.openChannel,
    watch: (onActivity: () => void) => {
      touch = onActivity;
      return () => undefined;
    },
    cover: vi.fn(),
    hash: (pin: string) => hashPin(pin, 1000),
    ...patch,
  } satisfies SharedDeviceDeps;
  const shared = new SharedDevice(deps);
  return { shared, deps, touch: () => touch(), posted: channel.posted };
}

beforeEach(() => vi.useFakeTimers({ now: 1_000 * MIN }));
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** Two tabs of the portal on one device, both started: `here` with `patch`, `other` as it comes. */
function twoTabs(patch: Partial<SharedDeviceDeps> = {}) {
  const link = channels();
  const here = device(patch, link);
  const other = device({}, link);
  here.shared.start();
  other.shared.start();
  return { link, here, other };
}

describe('a shared device’s shift', () => {
  it('begins at the first signed-in shell: the PIN is offered, the worker told who is signed in', () => {
    const { shared, deps } = device();
    shared.start();
    expect(shared.getView()).toEqual({ kind: 'working', offerPin: true });
    expect(readShift()).toMatchObject({ sub: 'staff-0003', pin: null, pinOffered: false, triesLeft: 3, lockedAt: null });
    expect(deps.tellWorker).toHaveBeenCalledWith('staff-0003');
    expect(deps.cover).toHaveBeenLastCalledWith(false);
  });

  it('keeps only a salted hash of a PIN of the policy’s length; skipping leaves unlocking to a full sign-in', async () => {
    const { shared } = device();
    shared.start();
    expect(await shared.setPin('12')).toBe(false);
    expect(shared.getView()).toEqual({ kind: 'working', offerPin: true });
    expect(await shared.setPin('4826')).toBe(true);
    expect(shared.getView()).toEqual({ kind: 'working', offerPin: false });
    expect(JSON.stringify(readShift())).not.toContain('4826');
    expect(readShift()?.pin).toMatchObject({ iterations: 1000 });

    localStorage.clear();
    const other = device();
    other.shared.start();
    other.shared.skipPin();
    expect(other.shared.getView()).toEqual({ kind: 'working', offerPin: false });
    vi.advanceTimersByTime(5 * MIN);
    expect(other.shared.getView()).toMatchObject({ kind: 'locked', hasPin: false });
  });

  it('counts down the last minute, then locks, covering the work; a touch during the countdown keeps it', () => {
    const { shared, deps, touch, posted } = device();
    shared.start();
    shared.skipPin();
    vi.advanceTimersByTime(4 * MIN - 1);
    expect(shared.getView().kind).toBe('working');
    vi.advanceTimersByTime(1);
    expect(shared.getView()).toEqual({ kind: 'warning', lockAt: Date.now() + COUNTDOWN_MS });
    touch();
    expect(shared.getView().kind).toBe('working');
    vi.advanceTimersByTime(4 * MIN);
    expect(shared.getView().kind).toBe('warning');
    shared.stillHere();
    expect(shared.getView().kind).toBe('working');
    vi.advanceTimersByTime(5 * MIN);
    expect(shared.getView()).toMatchObject({ kind: 'locked', triesLeft: 3, problem: null });
    expect(deps.cover).toHaveBeenLastCalledWith(true);
    expect(readShift()?.lockedAt).toBe(Date.now());
    expect(posted).toContainEqual({ type: 'lock' });
  });

  it('touches in another tab count: the stored time of the last touch moves the lock on', () => {
    const { shared } = device();
    shared.start();
    vi.advanceTimersByTime(3 * MIN);
    writeLastActivity(Date.now());
    vi.advanceTimersByTime(2 * MIN);
    expect(shared.getView().kind).toBe('working');
    vi.advanceTimersByTime(2 * MIN);
    expect(shared.getView().kind).toBe('warning');
  });

  it('stores touches for the other tabs at most every few seconds (a scanner types fast)', () => {
    const { shared, touch } = device();
    shared.start();
    const begun = readLastActivity();
    vi.advanceTimersByTime(1000);
    touch();
    expect(readLastActivity()).toBe(begun);
    vi.advanceTimersByTime(5000);
    touch();
    expect(readLastActivity()).toBe(Date.now());
  });

  it('unlocks with the PIN; wrong PINs count down and the last one ends the shift', async () => {
    const { shared, deps, posted } = device();
    shared.start();
    await shared.setPin('4826');
    vi.advanceTimersByTime(5 * MIN);
    await shared.enterPin('1111');
    expect(shared.getView()).toMatchObject({ kind: 'locked', triesLeft: 2, problem: 'wrong-pin', busy: false });
    await shared.enterPin('4826');
    expect(shared.getView().kind).toBe('working');
    expect(readShift()).toMatchObject({ lockedAt: null, triesLeft: 3 });
    expect(posted).toContainEqual({ type: 'unlock' });
    expect(deps.cover).toHaveBeenLastCalledWith(false);

    vi.advanceTimersByTime(5 * MIN);
    for (const pin of ['0000', '0001']) await shared.enterPin(pin);
    expect(deps.logout).not.toHaveBeenCalled();
    await shared.enterPin('0002');
    await vi.waitFor(() => expect(deps.logout).toHaveBeenCalledOnce());
    expect(shared.getView().kind).toBe('ending');
  });

  it('a reload keeps the lock and the tries left', async () => {
    const first = device();
    first.shared.start();
    await first.shared.setPin('4826');
    vi.advanceTimersByTime(5 * MIN);
    await first.shared.enterPin('1111');
    first.shared.dispose();
    const again = device();
    again.shared.start();
    expect(again.shared.getView()).toMatchObject({ kind: 'locked', hasPin: true, triesLeft: 2 });
  });

  it('a page opened after the device lay idle past its lock time starts locked; past the shift’s end, ends it', () => {
    writeShift({ ...newShift('staff-0003', policy), pinOffered: true });
    writeLastActivity(Date.now() - 6 * MIN);
    const locked = device();
    locked.shared.start();
    expect(locked.shared.getView().kind).toBe('locked');
    locked.shared.dispose();

    writeLastActivity(Date.now() - 31 * MIN);
    const ended = device();
    ended.shared.start();
    expect(ended.shared.getView().kind).toBe('ending');
    expect(ended.deps.endFrames).toHaveBeenCalled();
  });

  it('ends the shift by itself after its idle limit, locked or not', async () => {
    const { shared, deps } = device();
    shared.start();
    shared.skipPin();
    vi.advanceTimersByTime(30 * MIN);
    await vi.waitFor(() => expect(deps.logout).toHaveBeenCalledOnce());
  });

  it('End shift: the other tabs leave at once, the frames and the worker are told, then the session logs out', async () => {
    const order: string[] = [];
    const link = channels();
    const here = device(
      {
        endFrames: vi.fn(async () => void order.push('frames')),
        tellWorker: vi.fn(async (sub) => void order.push(`worker ${sub}`)),
        logout: vi.fn(async () => {
          order.push('logout begins');
          await here.shared.leave();
          order.push('logout ends');
          return true;
        }),
      },
      link,
    );
    const other = device({}, link);
    here.shared.start();
    other.shared.start();
    order.length = 0;
    await here.shared.endShift();
    expect(order).toEqual(['logout begins', 'frames', 'worker null', 'logout ends']);
    expect(here.shared.getView().kind).toBe('ending');
    expect(other.shared.getView().kind).toBe('ending');
    expect(other.deps.cover).toHaveBeenLastCalledWith(true);
    await vi.waitFor(() => expect(other.deps.endedElsewhere).toHaveBeenCalledOnce());
    expect(other.deps.endFrames).toHaveBeenCalledOnce();
    expect(other.deps.logout).not.toHaveBeenCalled();
    // Twice is once.
    await here.shared.endShift();
    expect(here.deps.logout).toHaveBeenCalledOnce();
  });

  it('a logout that is not End shift (the API refused the token, the session expired) tells the other tabs, the frames and the worker all the same', async () => {
    const { link, here, other } = twoTabs();
    await here.shared.leave();
    expect(link.posted).toContainEqual({ type: 'shift-end' });
    expect(here.shared.getView().kind).toBe('ending');
    expect(here.deps.endFrames).toHaveBeenCalledOnce();
    expect(here.deps.tellWorker).toHaveBeenLastCalledWith(null);
    await vi.waitFor(() => expect(other.deps.endedElsewhere).toHaveBeenCalledOnce());
    expect(here.deps.logout).not.toHaveBeenCalled();
  });

  it('a logout the person chose not to go through (the outbox asked) changes nothing: End shift may be asked again', async () => {
    const { here, other } = twoTabs({ logout: vi.fn(async () => false) });
    await here.shared.endShift();
    expect(here.shared.getView().kind).toBe('working');
    expect(other.shared.getView().kind).toBe('working');
    expect(here.deps.endFrames).not.toHaveBeenCalled();
    await here.shared.endShift();
    expect(here.deps.logout).toHaveBeenCalledTimes(2);
  });

  it('locks and unlocks every tab; a bare "unlock" message does not unlock what the device stores as locked', async () => {
    const { link, here, other } = twoTabs();
    await here.shared.setPin('4826');
    vi.advanceTimersByTime(5 * MIN);
    expect(other.shared.getView().kind).toBe('locked');
    link.openChannel(() => undefined).post({ type: 'unlock' });
    expect(other.shared.getView().kind).toBe('locked');
    await here.shared.enterPin('4826');
    expect(other.shared.getView().kind).toBe('working');
  });

  it('"Not you?" and a sign-in as someone else end the shift; the same person’s sign-in unlocks', async () => {
    const same = device();
    same.shared.start();
    same.shared.skipPin();
    vi.advanceTimersByTime(5 * MIN);
    await same.shared.signInAgain();
    expect(same.deps.signInAgain).toHaveBeenCalledWith('picker');
    expect(same.shared.getView().kind).toBe('working');
    same.shared.dispose();

    vi.advanceTimersByTime(5 * MIN);
    const other = device({ signInAgain: vi.fn(async () => 'other' as const) });
    other.shared.start();
    await other.shared.signInAgain();
    expect(other.deps.logout).toHaveBeenCalledOnce();

    localStorage.clear();
    const notMe = device();
    notMe.shared.start();
    await notMe.shared.endShift();
    expect(notMe.deps.logout).toHaveBeenCalledOnce();
  });

  it('a sign-in that does not complete leaves the lock, saying so', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { shared, deps } = device({ signInAgain: vi.fn(async () => Promise.reject(new Error('Popup closed by user'))) });
    shared.start();
    vi.advanceTimersByTime(5 * MIN);
    await shared.signInAgain();
    expect(shared.getView()).toMatchObject({ kind: 'locked', problem: 'sign-in-failed', busy: false });
    expect(deps.logout).not.toHaveBeenCalled();
  });

  it('a page whose provider sign-in just completed unlocks its person’s locked shift (a lock screen that could open no popup)', () => {
    writeShift({ ...newShift('staff-0003', policy), lockedAt: Date.now() - MIN });
    writeLastActivity(Date.now() - 6 * MIN);
    const { shared } = device({ signedInThisPage: true });
    shared.start();
    expect(shared.getView().kind).toBe('working');
    expect(readShift()?.lockedAt).toBeNull();
  });

  describe('a scan on the lock (README "Scanning")', () => {
    function locked() {
      const tab = device();
      tab.shared.start();
      vi.advanceTimersByTime(5 * MIN);
      expect(tab.shared.getView().kind).toBe('locked');
      return tab;
    }

    it('the person’s own badge (their sub or sign-in name, any case) puts the focus on the PIN, each time', () => {
      const { shared, deps } = locked();
      shared.scanned('EMP-staff-0003');
      expect(shared.getView()).toMatchObject({ kind: 'locked', problem: null, pinFocus: 1 });
      shared.scanned('EMP-PICKER');
      expect(shared.getView()).toMatchObject({ pinFocus: 2 });
      expect(deps.logout).not.toHaveBeenCalled();
    });

    it('another person’s badge ends the shift and hands their name to the next sign-in', async () => {
      const { shared, deps } = locked();
      shared.scanned('EMP-picker2');
      await vi.waitFor(() => expect(deps.logout).toHaveBeenCalledOnce());
      expect(takeHandOver()).toBe('picker2');
    });

    it('a code that is no badge is named on the lock, and nothing else happens', () => {
      const { shared, deps } = locked();
      shared.scanned('PL-42-0007');
      expect(shared.getView()).toMatchObject({ kind: 'locked', problem: 'not-a-badge', scanned: 'PL-42-0007' });
      expect(deps.logout).not.toHaveBeenCalled();
      expect(takeHandOver()).toBeNull();
    });

    it('is not the lock’s while the device works', () => {
      const { shared, deps } = device();
      shared.start();
      shared.scanned('EMP-picker2');
      expect(shared.getView().kind).toBe('working');
      expect(deps.logout).not.toHaveBeenCalled();
    });
  });

  it('a shift of someone else that never ended here ends now, before anything is shown', () => {
    writeShift(newShift('staff-0001', policy));
    const { shared, deps } = device();
    shared.start();
    expect(shared.getView().kind).toBe('ending');
    expect(deps.cover).toHaveBeenLastCalledWith(true);
    expect(deps.endFrames).toHaveBeenCalled();
  });
});
