import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage/local.ts';
import { noticeFor, proposedSwitch, readStoredMode, shellMode, subscribeConnectivity, switchMode } from './mode.ts';

afterEach(() => localStorage.clear());

describe('online / offline mode rules', () => {
  it.each([
    [undefined, true, 'online'],
    [undefined, false, 'offline'],
    ['online', false, 'online'],
    ['offline', true, 'offline'],
  ] as const)('stored %s, browser online %s → the shell boots %s', (stored, online, expected) => {
    expect(shellMode(stored, online)).toBe(expected);
  });

  it.each([
    ['online', true, null],
    ['offline', false, null],
    ['online', false, 'offline'],
    ['offline', true, 'online'],
  ] as const)('mode %s, browser online %s → the dialog proposes %s', (mode, online, expected) => {
    expect(proposedSwitch(mode, online)).toBe(expected);
  });

  it('names the notice for each direction', () => {
    expect(noticeFor(true)).toBe('InternetAvailable');
    expect(noticeFor(false)).toBe('InternetUnavailable');
  });

  it('reads the stored mode, treating a corrupt value as absent', () => {
    expect(readStoredMode()).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.onlineMode, 'false');
    expect(readStoredMode()).toBe('offline');
    localStorage.setItem(STORAGE_KEYS.onlineMode, '"yes"');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readStoredMode()).toBeUndefined();
  });

  it('switching stores the mode and reloads', () => {
    const reload = vi.fn();
    switchMode('offline', reload);
    expect(localStorage.getItem(STORAGE_KEYS.onlineMode)).toBe('false');
    expect(readStoredMode()).toBe('offline');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports online and offline events until unsubscribed', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConnectivity(listener);
    dispatchEvent(new Event('offline'));
    dispatchEvent(new Event('online'));
    unsubscribe();
    dispatchEvent(new Event('offline'));
    expect(listener.mock.calls).toEqual([[false], [true]]);
  });
});
