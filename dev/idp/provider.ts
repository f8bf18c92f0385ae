import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createTokenVerifier } from '../api/auth.ts';
import type { FixtureUser } from '../fixture-loader.ts';
import { SIGNED_OUT_FRAME_PATH } from '../../src/session/sign-in-settings.ts';
import { PORTAL_CLIENT_ID } from '../stack-config.ts';
import { avatarSvg, escapeHtml, logoutPage, signedOutPage, loginPage, pickLanguage } from './pages.ts';
import type { SigningKeys } from './keys.ts';
import { REFRESH_TOKEN_REUSE_S, refreshTokenReuseWindow } from './reuse-window.ts';

/** The API's only scope; requesting it makes the provider issue JWT access tokens for the API. */
export const API_SCOPE = 'staff-api';
const FOURTEEN_DAYS = 14 * 24 * 60 * 60;

export interface IdentityProviderOptions {
  issuer: string;
  /** The API's origin: the audience of its access tokens. */
  apiAudience: string;
  portalOrigins: readonly string[];
  users: readonly FixtureUser[];
  keys: SigningKeys;
  /** Seconds; a user's own accessTokenTtl wins. */
  accessTokenTtl: number;
  /** Seconds a rotated refresh token is still accepted (reuse-window.ts); default REFRESH_TOKEN_REUSE_S. */
  refreshTokenReuseS?: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Finds the user whose username and password match, comparing passwords in constant time. */
export function checkPassword(users: readonly FixtureUser[], username: string, password: string): FixtureUser | undefined {
  const user = users.find((candidate) => candidate.username === username.trim().toLowerCase());
  const expected = digest(user?.password ?? randomBytes(16).toString('hex'));
  return timingSafeEqual(expected, digest(password)) ? user : undefined;
}

/** The user a login_hint names: by username, e-mail or sub. */
export function hintedUser(users: readonly FixtureUser[], hint: unknown): FixtureUser | undefined {
  if (typeof hint !== 'string' || !hint) return undefined;
  const wanted = hint.trim().toLowerCase();
  return users.find((user) => user.username === wanted || user.claims.email?.toLowerCase() === wanted || user.claims.sub === hint.trim());
}

export function userClaims(user: FixtureUser, issuer: string) {
  const { picture, ...claims } = user.claims;
  const avatar = picture === undefined ? `${issuer}/avatars/${encodeURIComponent(user.username)}.svg` : picture;
  return avatar === null ? claims : { ...claims, picture: avatar };
}

/**
 * A real OpenID Connect provider (oidc-provider) for the portal's public client: authorization code
 * with PKCE, rotated refresh tokens, JWT access tokens for the API, and a small login form that
 * checks the fixture passwords (the library's dev interactions accept any password).
 */
export function createIdentityProvider(options: IdentityProviderOptions): RequestListener {
  const { issuer, apiAudience, portalOrigins, users, keys } = options;
  const bySub = new Map(users.map((user) => [user.claims.sub, user]));
  const byUsername = new Map(users.map((user) => [user.username, user]));

  const configuration: Configuration = {
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: portalOrigins.map((origin) => `${origin}/callback`),
        // `/` after a logout of the whole page; the signed-out page after a shared device's logout in its hidden frame.
        post_logout_redirect_uris: portalOrigins.flatMap((origin) => [`${origin}/`, `${origin}${SIGNED_OUT_FRAME_PATH}`]),
      },
    ],
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      profile: ['name', 'picture', 'tenant_id', 'roles', 'permissions', 'meta_data'],
      email: ['email'],
      phone: ['phone_number'],
    },
    // The portal reads its custom claims from the ID token.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = bySub.get(sub);
      return user && { accountId: sub, claims: () => userClaims(user, issuer) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The portal is the operator's own client, granted what it asks for as the person signs in, as an
    // operator's provider does for its first-party apps: no consent step, so no two redirects more
    // after the form (oidc-provider's documented way to skip consent). A grant that lacks a scope
    // asked later still goes through the consent interaction below, which grants it.
    async loadExistingGrant(ctx) {
      const { client, account, session, params, result } = ctx.oidc;
      if (!client || !account || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId: account.accountId, clientId: client.clientId });
      const asked = String(params?.scope ?? '').split(' ');
      grant.addOIDCScope(asked.filter((scope) => scope !== API_SCOPE).join(' '));
      if (asked.includes(API_SCOPE)) grant.addResourceScope(apiAudience, API_SCOPE);
      await grant.save();
      return grant;
    },
    // Refresh tokens without prompt=consent (which would otherwise be needed for offline_access).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // ...with a short reuse window, as production providers offer: the new token dies with a page
    // that leaves while the answer is on the wire, and the next start still holds the old one.
    adapter: refreshTokenReuseWindow(options.refreshTokenReuseS ?? REFRESH_TOKEN_REUSE_S),
    clientBasedCORS: (_ctx, origin) => portalOrigins.includes(origin),
    ttl: {
      AccessToken: (_ctx, token) => bySub.get(token.accountId)?.accessTokenTtl ?? options.accessTokenTtl,
      IdToken: (ctx) => bySub.get(ctx.oidc.account?.accountId ?? '')?.accessTokenTtl ?? options.accessTokenTtl,
      Interaction: 60 * 60,
      Session: FOURTEEN_DAYS,
      Grant: FOURTEEN_DAYS,
      RefreshToken: (ctx, token) => {
        // A rotated token keeps its predecessor's end: rotation must not extend the session.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? rotated.remainingTTL : (bySub.get(token.accountId)?.refreshTokenTtl ?? FOURTEEN_DAYS);
      },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Asking for the API scope selects the API as the token's audience (a JWT the API verifies
        // with the JWKS); without it the access token is opaque and fit for the userinfo endpoint.
        defaultResource: (ctx) => (String(ctx.oidc.params?.scope ?? '').split(' ').includes(API_SCOPE) ? apiAudience : undefined),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiAudience) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          return { scope: API_SCOPE, audience: apiAudience, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
      rpInitiatedLogout: {
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(pickLanguage(undefined, ctx.oidc.params?.ui_locales), form);
        },
        // The library's default page loads a font from Google: a local stack asks no outside host.
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(pickLanguage(undefined, ctx.oidc.params?.ui_locales));
        },
      },
    },
    discovery: { ui_locales_supported: ['vi', 'en'] },
  };

  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => console.error('[idp] server error', error));
  const oidc = provider.callback();
  const verifyApiToken = createTokenVerifier({ issuer, audience: apiAudience, jwks: keys.publicJwks });

  /**
   * oidc-provider refuses tokens with an audience at userinfo, but the portal's access token is a
   * JWT for the API (and oidc-client-ts loads userinfo with it): answer those here with the same
   * claims as the ID token; opaque tokens go on to the library's own userinfo.
   */
  async function apiTokenUserinfo(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    let sub: string;
    try {
      sub = await verifyApiToken(req.headers.authorization);
    } catch {
      return false;
    }
    const user = bySub.get(sub);
    if (!user) return false;
    const origin = req.headers.origin;
    const cors = origin && portalOrigins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'origin' } : {};
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...cors });
    res.end(JSON.stringify(userClaims(user, issuer)));
    return true;
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, url: URL, action: 'show' | 'login' | 'abort') {
    const details = await provider.interactionDetails(req, res);
    const base = `/interaction/${details.uid}`;
    if (action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Sign-in cancelled' });
      return;
    }
    if (details.prompt.name === 'consent') {
      // The portal is the operator's own client: grant what it asked for without a consent screen.
      await grantConsent(details);
      return;
    }
    if (action === 'show') {
      const language = pickLanguage(url.searchParams.get('lang'), details.params.ui_locales);
      // The portal names the person signing in again at a shared device's lock (login_hint).
      const hinted = hintedUser(users, details.params.login_hint);
      return sendHtml(res, 200, loginPage({ language, action: base, username: hinted?.username }));
    }
    const form = new URLSearchParams(await readBody(req));
    const username = form.get('username') ?? '';
    const user = checkPassword(users, username, form.get('password') ?? '');
    if (!user) {
      const language = pickLanguage(form.get('lang'), details.params.ui_locales);
      return sendHtml(res, 401, loginPage({ language, action: base, username, failed: true }));
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.claims.sub } }, { mergeWithLastSubmission: false });

    async function grantConsent(current: typeof details) {
      const { params, session } = current;
      const missing = current.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant = current.grantId
        ? await provider.Grant.find(current.grantId)
        : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
      if (!grant) throw new Error(`grant ${current.grantId} vanished`);
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    // The sign-in page has no icon: answer the browser's request for one without the 404 it logged.
    if (req.method === 'GET' && url.pathname === '/favicon.ico') {
      res.writeHead(204, { 'cache-control': 'public, max-age=86400' });
      return res.end();
    }
    const avatar = /^\/avatars\/([^/]+)\.svg$/.exec(url.pathname);
    if (req.method === 'GET' && avatar) {
      const user = byUsername.get(decodeURIComponent(avatar[1] ?? ''));
      if (!user) return sendHtml(res, 404, 'no such avatar');
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
      return res.end(avatarSvg(user.claims.name));
    }
    if (url.pathname === '/me' && (req.method === 'GET' || req.method === 'POST')) {
      apiTokenUserinfo(req, res).then(
        (answered) => {
          if (!answered) void oidc(req, res);
        },
        (error: unknown) => console.error('[idp] userinfo failed', error),
      );
      return;
    }
    const match = /^\/interaction\/[^/]+(?:\/(login|abort))?$/.exec(url.pathname);
    if (!match) return oidc(req, res);
    const action = match[1] as 'login' | 'abort' | undefined;
    if ((req.method === 'GET') !== (action === undefined) || (req.method !== 'GET' && req.method !== 'POST')) {
      return sendHtml(res, 405, 'method not allowed');
    }
    interaction(req, res, url, action ?? 'show').catch((error: unknown) => {
      // Expired or replayed interactions (back button after sign-in) land here: say so plainly.
      const status = error instanceof errors.SessionNotFound ? 400 : 500;
      if (status === 500) console.error('[idp] interaction failed', error);
      if (!res.headersSent) sendHtml(res, status, `Sign-in could not continue: ${escapeHtml((error as Error).message)}. Return to the portal and sign in again.`);
    });
  };
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('login form too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}
