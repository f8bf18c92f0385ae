import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { ApiError } from './errors.ts';

export interface TokenCheck {
  issuer: string;
  /** The API's origin, the audience the provider puts in its JWT access tokens. */
  audience: string;
  /** The provider's public keys, handed over in-process (Node cannot resolve *.localhost reliably). */
  jwks: JSONWebKeySet;
}

/** Verifies `Authorization: Bearer <JWT access token>` (signature, issuer, audience, expiry); returns its sub. */
export function createTokenVerifier({ issuer, audience, jwks }: TokenCheck) {
  const keys = createLocalJWKSet(jwks);
  return async (authorization: string | undefined): Promise<string> => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new ApiError(401, 40101, 'Missing bearer token');
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience, typ: 'at+jwt', algorithms: ['RS256'] });
      if (!payload.sub) throw new ApiError(401, 40102, 'The access token has no subject');
      return payload.sub;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new ApiError(401, 40103, 'The access token has expired');
      throw new ApiError(401, 40102, `Invalid access token (${(error as Error).message})`);
    }
  };
}

/** shell.md §6: a requirement is met by the exact string, by app:resource:all, or by app:all:all. */
export function hasPermission(granted: readonly string[], required: string): boolean {
  const [app, resource] = required.split(':');
  return [required, `${app}:${resource}:all`, `${app}:all:all`].some((candidate) => granted.includes(candidate));
}
