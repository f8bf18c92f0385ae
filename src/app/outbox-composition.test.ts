import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageOutbox } from '../outbox/index.ts';

const page = { start: vi.fn(async () => undefined) } as unknown as PageOutbox & { start: ReturnType<typeof vi.fn> };
vi.mock('./outbox-loader.ts', () => ({ loadOutboxFor: vi.fn(async () => page) }));

const { composeOutbox } = await import('./outbox-composition.ts');
const { loadOutboxFor } = await import('./outbox-loader.ts');

const compose = () => composeOutbox({} as never, {} as never, {} as never, 'online');

describe('composeOutbox', () => {
  afterEach(() => vi.clearAllMocks());

  it('starts the loaded outbox in a task after the one that loaded it, before anyone waiting gets it', async () => {
    const order: string[] = [];
    vi.mocked(loadOutboxFor).mockImplementationOnce(async () => {
      order.push('loaded');
      setTimeout(() => order.push('next task'), 0); // queued in the loading task
      return page;
    });
    page.start.mockImplementationOnce(async () => void order.push('started'));
    const loaded = await compose().load();
    order.push('handed over');
    expect(loaded).toBe(page);
    expect(order).toEqual(['loaded', 'next task', 'started', 'handed over']);
  });

  it('loads and starts it once, however often it is asked for', async () => {
    const outbox = compose();
    await Promise.all([outbox.load(), outbox.load()]);
    await outbox.load();
    expect(loadOutboxFor).toHaveBeenCalledTimes(1);
    expect(page.start).toHaveBeenCalledTimes(1);
  });
});
