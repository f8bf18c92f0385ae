import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initials on the lock screen', () => {
  it.each([
    ['Lê Văn Kho', 'VK'],
    ['Trần Thị Thu Ngân', 'TN'],
    ['  đỗ   văn  ', 'ĐV'],
    ['Madonna', 'M'],
    ['', ''],
    ['Ánh', 'Á'],
  ])('%j → %j', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
