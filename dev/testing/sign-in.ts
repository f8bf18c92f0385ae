import { createHash, randomBytes } from 'node:crypto';
import { PORTAL_CLIENT_ID, PORTAL_SCOPE } from '../stack-config.ts';
import { request, type LoopbackResponse } from './http.ts';

/**
 * Signs a fixture user in from Node through the real endpoints and login form (authorization code
 * + PKCE, as the portal does it), for tests that need tokens rather than a browser.
 */

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export const base64url = (buffer: Buffer) => buffer.toString('base64url');

export function pkcePair() {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: base64url(createHash('sha256').update(verifier).digest()) };
}

/** Cookies by name; oidc-provider scopes some to sub-paths, sending all of them everywhere is harmless. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: LoopbackResponse) {
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SignInOptions {
  /** The portal origin the code is sent back to (must be one the provider knows). */
  origin: string;
  scope?: string;
}

export async function signIn(issuer: string, username: string, password: string, { origin, scope = PORTAL_SCOPE }: SignInOptions): Promise<Tokens> {
  const jar = new CookieJar();
  const redirectUri = `${origin}/callback`;
  const { verifier, challenge } = pkcePair();
  const state = base64url(randomBytes(8));
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: PORTAL_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  // Follow redirects by hand, carrying cookies, until the provider sends the browser back to the portal.
  const go = async (url: string, init: { method?: string; body?: string } = {}): Promise<string> => {
    let next = url;
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(redirectUri)) return next;
      const headers: Record<string, string> = { cookie: jar.header() };
      if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
      const response = await request(next, { method, headers, body });
      jar.store(response);
      const location = response.headers.location;
      if (!location) {
        if (response.text.includes('name="password"')) return next; // the login form: the caller posts it
        throw new Error(`sign-in stopped at ${next} with ${response.status}: ${response.text.slice(0, 300)}`);
      }
      next = new URL(location, next).href;
      method = 'GET';
      body = undefined;
    }
    throw new Error('sign-in: too many redirects');
  };

  const loginPage = await go(authorize.href);
  const form = new URLSearchParams({ username, password }).toString();
  const landed = await go(`${loginPage}/login`, { method: 'POST', body: form });
  if (!landed.startsWith(redirectUri)) throw new Error(`sign-in of ${username} failed: the login form came back`);
  const callback = new URL(landed);
  if (callback.searchParams.get('state') !== state) throw new Error(`sign-in: state mismatch in ${callback.href}`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`sign-in: no code in ${callback.href}`);

  const token = await request(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  if (token.status !== 200) throw new Error(`token endpoint answered ${token.status}: ${token.text}`);
  return token.json<Tokens>();
}
