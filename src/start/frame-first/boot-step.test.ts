import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyRead } from '../../offline/early-read.ts';
import { runBootStep } from './boot-step.ts';

describe('the boot step', () => {
  afterEach(() => void takeEarlyRead('snapshot'));

  it('begins reading the start snapshot, for the app to take up when its modules run', () => {
    expect(takeEarlyRead('snapshot')).toBeNull();
    runBootStep(null);
    expect(takeEarlyRead('snapshot')).toBeInstanceOf(Promise);
  });
});
