import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import { ApiError } from './errors.ts';
import { perm } from '../../src/catalogue/define.ts';
import { indexGrants, meetsRequirement } from '../../src/gating/permissions.ts';

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

/** shell.md §6 matching (exact, app:resource:all, app:all:all), with the portal's own gating rule. */
export function hasPermission(granted: readonly string[], required: `${string}:${string}:${string}`): boolean {
  return meetsRequirement(indexGrants(granted, []), perm(required));
}
