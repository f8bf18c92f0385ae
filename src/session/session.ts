import type { User } from 'oidc-client-ts';
import { fetchUserInfo, UserInfoRefused } from '../api/userinfo.ts';
import { samePlainData } from '../storage/plain-data.ts';
import { restart } from '../effects/restart.ts';
import type { ProviderLogout, ProviderLogoutParts } from './provider-logout.ts';
import type * as ProviderLogoutModule from './provider-logout.ts';
import { PROVIDER_TIMEOUT_S, RENEW_AHEAD_S } from './sign-in-settings.ts';
import type { StoredUser } from './stored-entries.ts';
import { confirmLogout, logoutUnconfirmed } from './unconfirmed-logout.ts';
import type { SignInLibrary } from './user-manager.ts';

/**
 * The signed-in session: one store the UI subscribes to. Owns sign-in, single-flight token renewal
 * across tabs, expiry and logout. Tokens stay inside oidc-client-ts's store: never in URLs or window.name.
 */
export type SessionState =
  | { status: 'starting' }
  | { status: 'redirecting' }
  | { status: 'signedIn'; user: SessionUser }
  /** Renewal failed: the 'YourSessionHasBeenExpired' dialog shows. */
  | { status: 'expired'; user: SessionUser }
  /** The identity provider could not be reached or refused; the page offers a retry. */
  | { status: 'error'; error: Error }
  /**
   * Nobody signed in, and the page stays: a shared device waits for the next person (README "Shared
   * devices"); a personal one that has no connection says that signing in needs one.
   */
  | { status: 'signedOut' };

export interface ReturnState {
  returnTo: string;
}

/**
 * The signed-in user as the shell uses it: oidc-client-ts's User, or the same read from storage
 * before the library has loaded (a start with a valid token draws the shell without it).
 */
export interface SessionUser {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_at?: number;
  profile: User['profile'];
  readonly expired?: boolean;
  readonly expires_in?: number;
}

/** A stored user (stored-entries.ts, validated) with the expiry the session reads. */
export function sessionUserOf(stored: StoredUser): SessionUser {
  const expiresIn = () => stored.expires_at - Date.now() / 1000;
  return {
    ...stored,
    profile: stored.profile as User['profile'],
    get expires_in() {
      return expiresIn();
    },
    get expired() {
      return expiresIn() <= 0;
    },
  };
}

/** The session's parts: the sign-in library (loaded on first need) and the stored user (read without it). */
export interface SessionDeps {
  loadLibrary(): Promise<SignInLibrary>;
  storedUser(): SessionUser | null;
  /** Removes the stored user without the library (a logout whose library could not load). */
  forgetUser(): void;
  /** The provider's login page opens in the portal's language. */
  language?(): string;
  /**
   * A shared device (README "Shared devices"): every sign-in shows the provider's form (prompt=login),
   * never an earlier person's session there; a start without a user waits for the next person instead
   * of leaving for the provider; and the session-expired dialog logs out, so nothing of the person stays.
   */
  sharedDevice?: boolean;
  /** A shared device's logout ends the provider's session behind the page (provider-logout.ts); true when it did. */
  endProviderSession?(url: string): Promise<boolean>;
  /** Whether the provider answers at `url` now (api/reachable.ts): the page goes there only then, never to the browser's error page. */
  providerAnswers?(url: string): Promise<boolean>;
}

/** Whom a locked shared device's sign-in found (Session.signInAgain). */
export type SignedInAgain = 'same' | 'other';

const RENEW_LOCK = 'staff-portal-token-renewal';
/** Claims a renewal or userinfo never changes: they describe the ID token, not the person. */
const PROTOCOL_CLAIMS = ['iss', 'aud', 'exp', 'iat', 'nbf', 'jti', 'sid', 'auth_time', 'nonce', 'at_hash', 'c_hash', 'azp', 'acr', 'amr'];
/** Tokens shorter-lived than the expiring notice would otherwise renew back to back; wait for expiry instead. */
const MIN_RENEW_INTERVAL_MS = 5000;
/** Without a drawn shell to say when, the sign-in library loads this long after the start. */
const PREPARE_FALLBACK_MS = 5000;
export { beforeLogout, onLogout, whileLeaving, type LogoutDecision } from './logout-parts.ts';

export class Session {
  private state: SessionState = { status: 'starting' };
  private readonly listeners = new Set<() => void>();
  private renewing: Promise<SessionUser | null> | null = null;
  private lastFailure: 'refused' | 'unreachable' | null = null;
  private lastRenewal = 0;
  private loading: Promise<SignInLibrary> | null = null;
  private leaving: Promise<boolean> | null = null;
  private completedHere = false;
  /** A shared device's provider logout behind the page: the next sign-in waits for it ('left': the page went to the provider instead). */
  private providerLogout: Promise<'stayed' | 'left'> | null = null;
  /** The sign-in the provider sent back to this page, being completed (completeLogin). */
  private completing: Promise<string | null> | null = null;

  constructor(private readonly deps: SessionDeps) {}

  /** Whether this page completed a sign-in (the provider's redirect came back to it), as opposed to reading a stored user. */
  signedInThisPage(): boolean {
    return this.completedHere;
  }

  /**
   * The sign-in library, loaded once, when first needed: a renewal, userinfo, sign-in, logout, or
   * behind the first screen (prepare). Loading it arms its expiry events on the stored user.
   */
  private library(): Promise<SignInLibrary> {
    this.loading ??= this.deps.loadLibrary().then(
      async (library) => {
        const { events } = library.manager;
        events.addAccessTokenExpiring(() => {
          if (Date.now() - this.lastRenewal >= MIN_RENEW_INTERVAL_MS) void this.renew();
        });
        events.addAccessTokenExpired(() => void this.renew());
        await library.manager.getUser().catch(() => null); // arms the events for the stored user
        return library;
      },
      (error: unknown) => {
        this.loading = null; // a chunk that did not arrive is asked for again next time
        throw error;
      },
    );
    return this.loading;
  }

  /** Behind the first screen: loads the sign-in library, so the token's expiry is watched. */
  prepare(): void {
    if (this.state.status === 'signedIn') void this.library().catch((error: unknown) => console.warn('[session] the sign-in library could not be loaded', error));
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: SessionState): void {
    this.state = state;
    this.listeners.forEach((listener) => listener());
  }

  /**
   * The current access token (never put it in a URL or window.name); null while signed out. A token
   * this device's clock calls expired is still sent: handheld clocks drift, and the API decides (401).
   */
  accessToken(): string | null {
    return this.state.status === 'signedIn' ? this.state.user.access_token : null;
  }

  /** The access token for a call: waits for a renewal under way (a start renews behind the shell). */
  async validAccessToken(): Promise<string | null> {
    if (this.renewing) await this.renewing;
    return this.accessToken();
  }

  /**
   * Restores the stored user from oidc-client-ts's storage, with no network: the shell may draw at
   * once. A token that has expired or expires within RENEW_AHEAD_S is renewed behind the start; when
   * that fails the user signs in again. Without a usable stored user, sign-in starts.
   */
  async start(returnTo: string): Promise<void> {
    // Perhaps back home from the provider's end-session endpoint: then the logout is confirmed, and sign-in goes on from there.
    if (logoutUnconfirmed() && location.pathname === '/') {
      const [parts, { completeLogout }] = await this.atProvider();
      returnTo = ownPath((await completeLogout(parts)) ?? returnTo);
    }
    // Read without the library; an unreadable entry is no session (discarded where it is read).
    const user = this.deps.storedUser();
    if (!user || (user.expired && !user.refresh_token)) return this.deps.sharedDevice ? this.set({ status: 'signedOut' }) : this.login(returnTo);
    this.set({ status: 'signedIn', user });
    if (user.expired || (user.expires_in ?? 0) < RENEW_AHEAD_S) void this.renewOrSignIn(returnTo);
    // A start that never draws the shell (a chooser, a blocking page) still watches the expiry.
    else setTimeout(() => this.prepare(), PREPARE_FALLBACK_MS);
  }

  /**
   * The user's current claims from the provider, for a start drawn from its snapshot, without
   * spending the refresh token while the access token is good: the userinfo endpoint answers them.
   * A token near its end is renewed instead (the renewed ID token carries them); so is one userinfo
   * refuses. A renewal refused for good signs in again; a provider that cannot be reached keeps the
   * stored user while its token is valid.
   */
  async refreshUser(returnTo: string): Promise<SessionUser | null> {
    if (this.state.status !== 'signedIn') return null;
    const { user } = this.state;
    if (this.renewing || user.expired || (user.expires_in ?? 0) < RENEW_AHEAD_S) return this.renewOrSignIn(returnTo);
    try {
      const { manager } = await this.library();
      const endpoint = await manager.metadataService.getUserInfoEndpoint();
      const claims = await fetchUserInfo(endpoint, user.access_token, (manager.settings.requestTimeoutInSeconds ?? PROVIDER_TIMEOUT_S) * 1000);
      if (claims.sub !== user.profile.sub) throw new UserInfoRefused(401);
      const kept = Object.fromEntries(Object.entries(user.profile).filter(([name]) => PROTOCOL_CLAIMS.includes(name)));
      const profile = { ...kept, ...claims } as User['profile'];
      // Unchanged (the usual case): the same user stays, so nothing that draws from it draws again.
      if (samePlainData(profile, user.profile)) return user;
      // Stored too: the next start (and a first start without a snapshot) reads the current claims.
      const stored = await manager.getUser();
      if (stored?.access_token === user.access_token) {
        stored.profile = profile;
        await manager.storeUser(stored);
      }
      const current: SessionUser = stored?.access_token === user.access_token ? stored : { ...user, profile };
      if (this.state.status === 'signedIn' && this.state.user === user) this.set({ status: 'signedIn', user: current });
      return current;
    } catch (error) {
      if (error instanceof UserInfoRefused) return this.renewOrSignIn(returnTo);
      console.warn('[session] the current claims could not be read; the stored ones stay', error);
      return user;
    }
  }

  /** The API refused the access token (401): renew once; true when a new token came. */
  async renewAfterUnauthorized(): Promise<boolean> {
    const before = this.accessToken();
    const user = await this.renew({ quietFailure: true });
    return user !== null && user.access_token !== before;
  }

  private async renewOrSignIn(returnTo: string): Promise<SessionUser | null> {
    const before = this.state.status === 'signedIn' ? this.state.user : null;
    const user = await this.renew({ quietFailure: true });
    if (user) return user;
    if (before && !before.expired && this.lastFailure === 'unreachable') {
      this.set({ status: 'signedIn', user: before });
      return before;
    }
    await this.login(returnTo);
    return null;
  }

  /**
   * Sign-in at the provider. The provider's session a logout left unconfirmed ends first (or the
   * provider would still know the person who left); a provider out of reach is never the browser's
   * error page: offline the page says signing in needs a connection (signedOut), online it offers a retry.
   * `loginHint` fills in the person's name there (a badge scanned on a shared device).
   */
  async login(returnTo: string, loginHint?: string): Promise<void> {
    this.set({ status: 'redirecting' });
    // A shared device's logout ending behind this very page.
    if ((await this.providerLogout) === 'left') return;
    try {
      const { manager } = await this.library();
      const ended = logoutUnconfirmed() ? await this.endProviderSession(returnTo) : navigator.onLine ? 'ended' : 'unreachable';
      if (ended === 'left') return;
      if (ended === 'unreachable') return this.outOfReach();
      await manager.signinRedirect({ state: { returnTo } satisfies ReturnState, ...this.signInRequest(loginHint) });
    } catch (error) {
      this.set({ status: 'error', error: toError(error) });
    }
  }

  /** The provider cannot be reached now: offline nobody can sign in (the page says so), online it is down (a retry). */
  private outOfReach(): void {
    this.set(navigator.onLine ? { status: 'error', error: new Error('unreachable') } : { status: 'signedOut' });
  }

  /**
   * What every sign-in asks of the provider: the portal's language; its form on a shared device, and
   * wherever a logout has not been confirmed there (whoever signs in must say who they are).
   */
  private signInRequest(loginHint?: string): { ui_locales: string; prompt?: string; login_hint?: string } {
    const language = { ui_locales: this.deps.language?.() ?? 'vi' };
    if (!this.deps.sharedDevice && !logoutUnconfirmed()) return language;
    return { ...language, prompt: 'login', ...(loginHint ? { login_hint: loginHint } : {}) };
  }

  /** Whether someone's session is stored on this device (an offline-mode start draws nobody's shell without one). */
  hasStoredUser(): boolean {
    return !!this.deps.storedUser();
  }

  /**
   * A locked shared device's person signs in again to unlock it (the provider's form, their name
   * filled in: prompt=login with login_hint). In a popup, so the page and its frames, edits and all,
   * stay; where no popup may open, by a redirect back to `returnTo` (the page starts again, and
   * `signedInThisPage()` says so). Resolves 'same' when the same person signed in (the session holds
   * the new tokens), 'other' when someone else did; rejects when the sign-in did not complete.
   */
  async signInAgain(loginHint: string, returnTo: string): Promise<SignedInAgain> {
    const before = this.state.status === 'signedIn' || this.state.status === 'expired' ? this.state.user.profile.sub : null;
    const user = await (await this.library()).signInInPlace(this.signInRequest(loginHint), { returnTo } satisfies ReturnState);
    if (user.profile.sub !== before) return 'other';
    this.set({ status: 'signedIn', user });
    return 'same';
  }

  /** Another tab ended the shift on this shared device: this one forgets its user too (that tab removed what was stored). */
  endedElsewhere(): void {
    this.set({ status: 'signedOut' });
  }

  /**
   * Completes the sign-in the provider sent back to this page; returns where the user was going, or
   * null for a popup's (signInAgain): its opener takes the user, and this window closes. Once per
   * page: the code is spent once, whoever asks (the start, then the callback's page).
   */
  completeLogin(url = location.href): Promise<string | null> {
    this.completing ??= this.completeLoginOnce(url);
    return this.completing;
  }

  private async completeLoginOnce(url: string): Promise<string | null> {
    const user = await (await this.library()).manager.signinCallback(url);
    if (!user) return null;
    // The provider's session is this sign-in's now, made through its form: nothing of a logout is left to end.
    confirmLogout();
    this.completedHere = true;
    this.set({ status: 'signedIn', user });
    return ownPath((user.state as Partial<ReturnState> | undefined)?.returnTo);
  }

  /** Ending the provider's session: its code (provider-logout.ts, loaded with a logout, not on a start) and what it needs of this session. */
  private async atProvider(): Promise<[ProviderLogoutParts, typeof ProviderLogoutModule]> {
    const [{ manager }, module] = await Promise.all([this.library(), import('./provider-logout.ts')]);
    return [{ manager, deps: this.deps }, module];
  }

  /**
   * Renews with the refresh token. Single-flight in this tab and across tabs (Web Locks): refresh
   * tokens rotate, and two tabs spending the same one would make the provider revoke the session.
   */
  renew({ quietFailure = false }: { quietFailure?: boolean } = {}): Promise<SessionUser | null> {
    this.renewing ??= this.renewOnce(quietFailure).finally(() => {
      this.renewing = null;
      this.lastRenewal = Date.now();
    });
    return this.renewing;
  }

  private async renewOnce(quietFailure: boolean): Promise<SessionUser | null> {
    const before = this.state.status === 'signedIn' || this.state.status === 'expired' ? this.state.user : null;
    this.lastFailure = null;
    let library: SignInLibrary;
    try {
      library = await this.library();
    } catch (error) {
      console.warn('[session] token renewal failed', error);
      this.lastFailure = 'unreachable';
      if (before && !quietFailure) this.set({ status: 'expired', user: before });
      return null;
    }
    const { manager, isRefusal } = library;
    // The configured scope, openid and profile included, so the renewed ID token carries the user's
    // current claims (a provider may give the token only the API's scopes). offline_access asks for
    // a refresh token at sign-in; a refresh request that names it may be refused.
    const scope = manager.settings.scope.split(' ').filter((name) => name && name !== 'offline_access').join(' ');
    const renewed = (stored: User | null): User | null =>
      stored && !stored.expired && stored.expires_at !== before?.expires_at && (stored.expires_in ?? 0) > 60 ? stored : null;
    const run = async (): Promise<User | null> => {
      // Another tab may have renewed while this one waited for the lock.
      const stored = await manager.getUser();
      if (renewed(stored)) return stored;
      try {
        return await manager.signinSilent({ extraTokenParams: { scope } });
      } catch (error) {
        // Refused, but the stored refresh token is no longer the one sent (another tab or an earlier
        // page renewed meanwhile): that one is current, and only its refusal ends the session.
        const now = await manager.getUser();
        if (!isRefusal(error) || !now?.refresh_token || now.refresh_token === stored?.refresh_token) throw error;
        return renewed(now) ?? (await manager.signinSilent({ extraTokenParams: { scope } }));
      }
    };
    try {
      const user = navigator.locks ? await navigator.locks.request(RENEW_LOCK, run) : await run();
      if (!user) throw new Error('renewal returned no user');
      // Logging out meanwhile (here, or in another tab of a shared device): the renewed user is
      // removed next, never signed in again.
      if (this.state.status !== 'redirecting' && this.state.status !== 'signedOut') this.set({ status: 'signedIn', user });
      return user;
    } catch (error) {
      console.warn('[session] token renewal failed', error);
      // The provider answered with an error (e.g. invalid_grant): the session is over. Anything else
      // (network, time-out, provider down) may pass.
      this.lastFailure = isRefusal(error) ? 'refused' : 'unreachable';
      if (before && !quietFailure) this.set({ status: 'expired', user: before });
      return null;
    }
  }

  /** OK or cancel on the session-expired dialog: forget the user and start over. */
  async dismissExpired(): Promise<void> {
    // A shared device's next person must find nothing of this one: all of logout, not a restart.
    if (this.deps.sharedDevice) {
      await this.logout();
      return;
    }
    await this.library()
      .then(({ manager }) => manager.removeUser())
      .catch(() => this.deps.forgetUser()); // the library did not load: forget the stored user without it
    restart('session');
  }

  /**
   * Logout (shell.md §4): first the steps before logout (beforeLogout), any of which may keep the user
   * signed in — then false, and nothing is removed; a step that fails is passed over. Then the parts
   * that run while the person is leaving (whileLeaving: a shared device's other tabs, frames and
   * worker), before anything is removed — on a shared device the provider's session starts ending in a
   * hidden frame beside them. Then clear the stored platform and seller, then end the provider session
   * (on a shared device, wait for the frame only at the next sign-in). On a shared handheld the next person
   * must find nothing of this one: every personal stored value goes (site and push state
   * too; the device's language and layout stay, storage/local.ts KEY_OWNERS), and the hooks clear the
   * IndexedDB cache (start snapshot, flags, offline records) and the push token. A second call while
   * one runs joins it. Its course is leave.ts, loaded with the logout (precached for offline use).
   */
  logout(): Promise<boolean> {
    this.leaving ??= import('./leave.ts')
      .then(({ leave }) =>
        leave({
          deps: this.deps,
          library: () => this.library(),
          renewal: () => this.renewing,
          providerParts: async () => (await this.atProvider())[0],
          show: (status) => this.set({ status }),
          outOfReach: () => this.outOfReach(),
          login: (returnTo) => this.login(returnTo),
          endingBehind: (ending) => (this.providerLogout = ending),
        }),
      )
      .finally(() => (this.leaving = null));
    return this.leaving;
  }

  /** Ends at the provider a logout it has not confirmed, if it answers now (provider-logout.ts); in the frame on a shared device unless one failed. */
  private async endProviderSession(returnTo: string, idToken?: string, frame = this.deps.sharedDevice === true): Promise<ProviderLogout> {
    const [parts, { endProviderSession }] = await this.atProvider();
    return endProviderSession(parts, { returnTo, idToken, frame });
  }

  /**
   * The connection is back where nobody is signed in (the signed-out pages): a logout the provider has
   * not confirmed ends there now, before anyone signs in. A sign-in asked meanwhile waits for it.
   */
  endUnconfirmedLogout(): void {
    this.providerLogout = (this.providerLogout ?? Promise.resolve('stayed' as const))
      .then(async (earlier) => {
        if (earlier === 'left' || !logoutUnconfirmed()) return earlier;
        return (await this.endProviderSession('/')) === 'left' ? 'left' : 'stayed';
      })
      // Not ended now (the provider failed): the next sign-in shows its form all the same, and ends it first.
      .catch(() => 'stayed' as const);
  }
}

/** A return address of this origin's own (a path), else home. */
function ownPath(returnTo: unknown): string {
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
