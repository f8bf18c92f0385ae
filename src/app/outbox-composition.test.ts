import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageOutbox } from '../outbox/index.ts';

const page = { start: vi.fn(async () => undefined) } as unknown as PageOutbox & { start: ReturnType<typeof vi.fn> };
vi.mock('./outbox-loader.ts', () => ({ loadOutboxFor: vi.fn(async () => page) }));

const { composeOutbox } = await import('./outbox-composition.ts');

const compose = () => composeOutbox({} as never, {} as never, {} as never, 'online');

describe('composeOutbox', () => {
  afterEach(() => vi.clearAllMocks());

  it('starts the loaded outbox in a task of its own, after the one that loaded it', async () => {
    const loaded = await compose().load();
    expect(loaded).toBe(page);
    // Still the loading task (its promise jobs): the start waits for the next task.
    expect(page.start).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(page.start).toHaveBeenCalledTimes(1);
  });

  it('loads and starts it once, however often it is asked for', async () => {
    const outbox = compose();
    await Promise.all([outbox.load(), outbox.load()]);
    await outbox.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(page.start).toHaveBeenCalledTimes(1);
  });
});
