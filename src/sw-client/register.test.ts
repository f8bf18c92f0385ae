import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_FALLBACK_MS, takeOverAndReload } from './register.ts';

describe('Reload into a waiting version', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the waiting version to take over and reloads once it controls the page, once', () => {
    const container = new EventTarget();
    const skipWaiting = vi.fn();
    const reload = vi.fn();
    takeOverAndReload(container, skipWaiting, reload);
    expect(skipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads all the same when the new version has not taken control in time', () => {
    const container = new EventTarget();
    const reload = vi.fn();
    takeOverAndReload(container, () => undefined, reload);
    vi.advanceTimersByTime(RELOAD_FALLBACK_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });
});
