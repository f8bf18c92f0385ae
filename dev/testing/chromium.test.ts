import { describe, expect, it } from 'vitest';
import { chromiumMajor } from './chromium.ts';

describe('chromiumMajor', () => {
  it.each([
    ['Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)\n', 156],
    ['Chromium 150.0.7871.100 built on Debian GNU/Linux 12 (bookworm)', 150],
    ['Google Chrome 157.0.8100.2 ', 157],
    ['', null],
    ['chromium: command not found', null],
    ['Chromium 156 built somewhere', null],
  ])('%j → %s', (output, major) => {
    expect(chromiumMajor(output)).toBe(major);
  });
});
