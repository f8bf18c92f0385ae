import { describe, expect, it, vi } from 'vitest';
import { fetchUserInfo, UserInfoRefused } from './userinfo.ts';

const answer = (status: number, body: string) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }));

describe('fetchUserInfo', () => {
  it('sends the access token and answers the validated claims', async () => {
    const fetch = answer(200, JSON.stringify({ sub: 'staff-1', permissions: ['a'] }));
    await expect(fetchUserInfo('https://id.test/me', 'token', 1000)).resolves.toEqual({ sub: 'staff-1', permissions: ['a'] });
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).authorization).toBe('Bearer token');
  });

  it.each([401, 403])('says the token was refused on %i', async (status) => {
    answer(status, '{}');
    await expect(fetchUserInfo('https://id.test/me', 'token', 1000)).rejects.toBeInstanceOf(UserInfoRefused);
  });

  it.each([
    ['a server error', 500, '{"sub":"x"}'],
    ['no subject', 200, '{"name":"x"}'],
    ['an empty subject', 200, '{"sub":""}'],
    ['not JSON', 200, '<html>'],
    ['a list', 200, '[1]'],
  ])('rejects %s', async (_name, status, body) => {
    answer(status, body);
    const error = await fetchUserInfo('https://id.test/me', 'token', 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UserInfoRefused);
  });
});
