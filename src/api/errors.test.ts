import { describe, expect, it } from 'vitest';
import { extractServerError, isNotFoundBusinessCode, reactionTo } from './errors.ts';
import { timeBucket } from './time-buckets.ts';

describe('extractServerError', () => {
  it.each([
    [{ code: 'E1', message: 'Bad page size' }, { code: 'E1', message: 'Bad page size' }],
    [{ error: { code: 40401, message: 'Seller not found' } }, { code: '40401', message: 'Seller not found' }],
    [{ code: 'TOP', error: { code: 'NESTED', message: 'nested' } }, { code: 'TOP', message: 'nested' }],
    [{ error: 'plain error text' }, { code: null, message: 'plain error text' }],
    [{ message: '   ' }, { code: null, message: null }],
    ['Gateway Timeout', { code: null, message: 'Gateway Timeout' }],
    [null, { code: null, message: null }],
    [[1, 2], { code: null, message: null }],
    [{ error: null }, { code: null, message: null }],
  ])('%j → %j', (data, expected) => {
    expect(extractServerError(data)).toEqual(expected);
  });
});

describe('isNotFoundBusinessCode', () => {
  it.each([
    ['40401', true],
    ['40499', true],
    ['404', false],
    ['404011', false],
    ['40301', false],
    ['A40401', false],
    [null, false],
  ])('%s → %s', (code, expected) => expect(isNotFoundBusinessCode(code)).toBe(expected));
});

describe('reactionTo', () => {
  const error = { code: 'E', message: 'Server says no' };
  it.each([
    [401, false, { kind: 'logout' }],
    [401, true, { kind: 'logout' }],
    [403, false, { kind: 'forbidden' }],
    [403, true, { kind: 'forbidden' }],
    [500, false, { kind: 'toast', message: 'Server says no' }],
    [400, false, { kind: 'toast', message: 'Server says no' }],
    [500, true, { kind: 'silent' }],
  ])('status %i, bypass %s', (status, bypass, expected) => {
    expect(reactionTo(status, error, bypass)).toEqual(expected);
  });

  it('shows a 404xx business code even when the request bypasses normal errors', () => {
    expect(reactionTo(404, { code: '40401', message: 'No config' }, true)).toEqual({ kind: 'toast', message: 'No config' });
  });

  it('has no message when the server gives none (the generic text is shown)', () => {
    expect(reactionTo(502, { code: null, message: null }, false)).toEqual({ kind: 'toast', message: null });
  });
});

describe('timeBucket', () => {
  it.each([
    [0, '200'],
    [200, '200'],
    [201, '500'],
    [799, '800'],
    [1000, '1000'],
    [1001, '1500'],
    [2500, '3000'],
    [7999, '8000'],
    [10000, '10000'],
    [10001, '>10000'],
    [60000, '>10000'],
  ])('%i ms → %s', (ms, bucket) => expect(timeBucket(ms)).toBe(bucket));
});
