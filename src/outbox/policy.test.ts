import { describe, expect, it } from 'vitest';
import { OUTBOX_LIMITS } from '../../packages/frame-client/outbox.ts';
import { isUnderBase, refusalFor } from './policy.ts';

const BASE = 'https://api.example.com/api/v1/pos';

describe('an app writes only under its API base addresses', () => {
  it.each([
    ['https://api.example.com/api/v1/pos/sales', true],
    ['https://api.example.com/api/v1/pos', true],
    ['https://api.example.com/api/v1/pos/sales?x=1', true],
    ['https://api.example.com/api/v1/pos-admin/sales', false],
    ['https://api.example.com/api/v1/pos/../admin/users', false],
    ['https://api.example.com/api/v1/pos/%2e%2e/admin', false],
    ['https://api.example.com/api/v1/pos/..%2Fadmin', false],
    ['https://api.example.com/api/v1/pos/..%5cadmin', false],
    ['https://api.example.com/api/v1/other', false],
    ['http://api.example.com/api/v1/pos/sales', false],
    ['https://api.example.com:8443/api/v1/pos/sales', false],
    ['https://api.example.com.evil.io/api/v1/pos/sales', false],
    ['https://user@api.example.com/api/v1/pos/sales', false],
    ['not an address', false],
  ])('%s → %s', (url, allowed) => expect(isUnderBase(url, BASE)).toBe(allowed));

  it('a base with a trailing slash or at the root works the same', () => {
    expect(isUnderBase('https://api.example.com/api/v1/pos/sales', `${BASE}/`)).toBe(true);
    expect(isUnderBase('https://api.example.com/anything', 'https://api.example.com')).toBe(true);
  });

  it('names why a write is refused', () => {
    expect(refusalFor(`${BASE}/sales`, [BASE], 0)).toBeNull();
    expect(refusalFor(`${BASE}/sales`, [], 0)).toBe('url-not-allowed');
    expect(refusalFor('https://elsewhere.example/x', ['https://x.example', BASE], 0)).toBe('url-not-allowed');
    expect(refusalFor(`${BASE}/sales`, [BASE], OUTBOX_LIMITS.waitingPerApp - 1)).toBeNull();
    expect(refusalFor(`${BASE}/sales`, [BASE], OUTBOX_LIMITS.waitingPerApp)).toBe('too-many-entries');
  });
});
