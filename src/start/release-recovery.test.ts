import { describe, expect, it, vi } from 'vitest';
import { createReleaseRecovery, type ReleaseRecoveryDeps } from './release-recovery.ts';

function setup(overrides: Partial<ReleaseRecoveryDeps> = {}) {
  const deps = {
    served: vi.fn(async (): Promise<string | null> => '/assets/index-new.js'),
    running: vi.fn((): string | null => '/assets/index-old.js'),
    isEditing: vi.fn(() => false),
    askWhileEditing: vi.fn(async () => true),
    restart: vi.fn(),
    ...overrides,
  };
  return { recovery: createReleaseRecovery(deps), deps };
}

describe('release recovery after a chunk failed', () => {
  const cases: Array<[string, Partial<ReleaseRecoveryDeps>, boolean, number, number]> = [
    ['a new release, nothing edited: restarts in it at once', {}, true, 1, 0],
    ['a new release while a frame edits, the user agrees: restarts', { isEditing: () => true }, true, 1, 1],
    ['a new release while a frame edits, the user stays: no restart', { isEditing: () => true, askWhileEditing: async () => false }, false, 0, 1],
    ['the same release (the connection failed): no restart', { served: async () => '/assets/index-old.js' }, false, 0, 0],
    ['the server cannot be reached: no restart', { served: async () => null }, false, 0, 0],
  ];
  it.each(cases)('%s', async (_name, overrides, restarting, restarts, asks) => {
    const { recovery, deps } = setup(overrides);
    const ask = vi.spyOn(deps, 'askWhileEditing');
    expect(await recovery.afterChunkFailure()).toBe(restarting);
    expect(deps.restart).toHaveBeenCalledTimes(restarts);
    expect(ask).toHaveBeenCalledTimes(asks);
  });

  it('checks once for failures that come together', async () => {
    const { recovery, deps } = setup();
    await Promise.all([recovery.afterChunkFailure(), recovery.afterChunkFailure(), recovery.afterChunkFailure()]);
    expect(deps.served).toHaveBeenCalledOnce();
    expect(deps.restart).toHaveBeenCalledOnce();
  });
});
