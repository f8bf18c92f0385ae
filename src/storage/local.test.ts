import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tracker, type TrackingBatch } from '../api/tracking.ts';
import { isBoolean, isEntityId, isLocalStorageUsable, KEY_OWNERS, PERSONAL_KEYS, readStored, removePersonalStored, STORAGE_KEYS, writeStored } from './local.ts';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** Browsers that block site data throw on the property itself. */
function blockLocalStorage() {
  const denied = () => {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
  };
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: denied });
  return () => Object.defineProperty(globalThis, 'localStorage', original!);
}

describe('readStored', () => {
  it('discards a value that is not JSON or has the wrong shape, and reports it without its content', async () => {
    const sent: TrackingBatch[] = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    localStorage.setItem('sidebarCollapsed', '{oops');
    localStorage.setItem('isOnlineMode', '"secret"');
    expect(readStored('sidebarCollapsed', isBoolean)).toBeUndefined();
    expect(readStored('onlineMode', isBoolean)).toBeUndefined();
    expect(localStorage.getItem('sidebarCollapsed')).toBeNull();
    expect(localStorage.getItem('isOnlineMode')).toBeNull();
    await tracker.flush();
    stop();
    expect(sent[0]?.events.map((event) => event.properties)).toEqual([
      { key: 'sidebarCollapsed', reason: 'not JSON', length: 5 },
      { key: 'isOnlineMode', reason: 'wrong shape', length: 8 },
    ]);
    expect(JSON.stringify(sent)).not.toContain('secret');
  });

  it('a guard that throws rejects the value', () => {
    localStorage.setItem('currentSeller', '2');
    expect(
      readStored('seller', (_value): _value is number => {
        throw new Error('hostile');
      }),
    ).toBeUndefined();
  });

  it('treats an id that cannot be a platform, seller or site as invalid', () => {
    expect([1, 2, 9_007_199_254_740_991].every(isEntityId)).toBe(true);
    expect([0, -1, 1.5, NaN, Infinity, 1e300, '2', null].some(isEntityId)).toBe(false);
  });
});

describe('blocked storage', () => {
  it('is detected, reads as absent and writes are dropped, without a throw', () => {
    expect(isLocalStorageUsable()).toBe(true);
    const unblock = blockLocalStorage();
    try {
      expect(isLocalStorageUsable()).toBe(false);
      expect(readStored('language', (value): value is string => typeof value === 'string')).toBeUndefined();
      expect(() => writeStored('language', 'en')).not.toThrow();
      expect(() => removePersonalStored()).not.toThrow();
    } finally {
      unblock();
    }
  });
});

describe('logout', () => {
  it("removes exactly the person's values: platform, seller, site, the push state, the frame-first record and the opens that choose warm apps", () => {
    expect(PERSONAL_KEYS.sort()).toEqual(['frameFirst', 'frameOpens', 'notificationAppId', 'platform', 'pushRegistration', 'pushToken', 'seller', 'shift', 'shiftActivity', 'site']);
    for (const key of Object.keys(STORAGE_KEYS) as Array<keyof typeof STORAGE_KEYS>) writeStored(key, 1);
    removePersonalStored();
    const left = Object.entries(STORAGE_KEYS).filter(([, name]) => localStorage.getItem(name) !== null).map(([key]) => key);
    expect(left.sort()).toEqual(['language', 'onlineMode', 'sidebarCollapsed', 'unconfirmedLogout']);
    expect(left.every((key) => KEY_OWNERS[key as keyof typeof KEY_OWNERS] === 'device')).toBe(true);
  });
});
