import { cleanup, render } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedDevicePolicy } from '../config/schema.ts';
import { Session } from '../session/session.ts';
import { useSharedDevice, type ShiftDeps } from './index.tsx';

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
