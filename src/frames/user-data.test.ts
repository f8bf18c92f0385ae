import { describe, expect, it } from 'vitest';
import { userDataPayload, type HandshakeSource } from './user-data.ts';

const source = (overrides: Partial<HandshakeSource> = {}): HandshakeSource => ({
  user: { sub: 'staff-1', name: 'Thu Ngân', email: 'a@b.vn', picture: null, platformClaim: 3 },
  sellerId: 2,
  platformId: 1,
  siteId: 5,
  ...overrides,
});

describe('userDataPayload', () => {
  it.each([
    ['the chosen platform', source(), 1],
    ['the claimed platform when none is chosen', source({ platformId: null }), 3],
    ['no platform for a user of all platforms (claim 0)', source({ platformId: null, user: { ...source().user, platformClaim: 0 } }), null],
  ])('carries %s', (_name, input, platformId) => {
    expect(userDataPayload(input, 'token')).toEqual({
      sub: 'staff-1',
      name: 'Thu Ngân',
      email: input.user.email,
      picture: null,
      accessToken: 'token',
      sellerId: 2,
      platformId,
      siteId: 5,
    });
  });

  it('answers nothing without an access token', () => {
    expect(userDataPayload(source(), null)).toBeNull();
  });
});
