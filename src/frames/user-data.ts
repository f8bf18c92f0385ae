import type { FrameUserData } from '../../packages/frame-client/index.ts';

/** What the user-data handshake needs to know of the signed-in user and the shell's context. */
export interface HandshakeSource {
  user: { sub: string; name: string; email: string | null; picture: string | null; platformClaim: number };
  sellerId: number;
  platformId: number | null;
  siteId: number | null;
}

/**
 * The answer to a verified frame's user-data request (README "User-data handshake"): the user, the
 * shell's seller/platform/site and the current access token; nothing without a token. The platform
 * is the chosen one, else the user's one claimed platform (0 = all platforms → none).
 */
export function userDataPayload({ user, sellerId, platformId, siteId }: HandshakeSource, accessToken: string | null): FrameUserData | null {
  if (!accessToken) return null;
  return {
    sub: user.sub,
    name: user.name,
    email: user.email,
    picture: user.picture,
    accessToken,
    sellerId,
    platformId: platformId ?? (user.platformClaim || null),
    siteId,
  };
}
