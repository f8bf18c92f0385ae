import { describe, expect, it } from 'vitest';
import { badgeLogin, handOver, takeHandOver } from './badge.ts';

describe('badges', () => {
  it.each([
    ['^EMP-(?<login>staff-\\d{4})$', 'EMP-staff-0013', 'staff-0013'],
    ['^BADGE:(\\w+)$', 'BADGE:picker2', 'picker2'],
    ['^[a-z]+@example\\.vn$', 'soanhang@example.vn', 'soanhang@example.vn'],
    ['^EMP-(?<login>staff-\\d{4})$', 'PL-42-0007', null],
    [undefined, 'EMP-staff-0013', null],
  ])('%s: %s → %s', (pattern, text, login) => {
    expect(badgeLogin(text, pattern)).toBe(login);
  });
});

describe('the hand-over to the next person', () => {
  it('is taken once', () => {
    handOver('staff-0013');
    expect(takeHandOver()).toBe('staff-0013');
    expect(takeHandOver()).toBeNull();
  });
});
