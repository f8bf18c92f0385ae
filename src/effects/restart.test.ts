import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRestartForTests, restart } from './restart.ts';

describe('restart', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reloads once and says why', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const reloads: number[] = [];
    const stop = onRestartForTests(() => reloads.push(1));
    restart('language');
    stop();
    expect(reloads).toHaveLength(1);
    expect(info).toHaveBeenCalledWith('[restart] language');
  });
});
