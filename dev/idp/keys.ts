import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';

export interface SigningKeys {
  /** For the identity provider (private parts included). */
  privateJwks: { keys: JWK[] };
  /** For the API, handed over in-process: it verifies access tokens without calling the provider. */
  publicJwks: JSONWebKeySet;
}

/** A fresh RS256 key per stack start: tokens of an earlier run must not verify. */
export async function createSigningKeys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const meta = { kid: randomUUID(), alg: 'RS256', use: 'sig' };
  return {
    privateJwks: { keys: [{ ...(await exportJWK(privateKey)), ...meta }] },
    publicJwks: { keys: [{ ...(await exportJWK(publicKey)), ...meta }] },
  };
}
