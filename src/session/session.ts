import type { User } from 'oidc-client-ts';
import { fetchUserInfo, UserInfoRefused } from '../api/userinfo.ts';
import { removePersonalStored } from '../storage/local.ts';
import { samePlainData } from '../storage/plain-data.ts';
import { restart } from '../effects/restart.ts';
import { PROVIDER_TIMEOUT_S, SIGNED_OUT_FRAME_PATH } from './sign-in-settings.ts';
import type { StoredUser } from './stored-entries.ts';
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
  /** A shared device with nobody signed in: the next person asks for the sign-in (README "Shared devices"). */
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
}

/** Whom a locked shared device's sign-in found (Session.signInAgain). */
export type SignedInAgain = 'same' | 'other';

const RENEW_LOCK = 'staff-portal-token-renewal';
/**
 * A token closer than this to its expiry is renewed (behind the start, never before it); a longer-lived
 * one is left alone: refresh tokens rotate, and a page that leaves mid-renewal loses the rotated one.
 */
export const RENEW_AHEAD_S = 5 * 60;
/** Claims a renewal or userinfo never changes: they describe the ID token, not the person. */
const PROTOCOL_CLAIMS = ['iss', 'aud', 'exp', 'iat', 'nbf', 'jti', 'sid', 'auth_time', 'nonce', 'at_hash', 'c_hash', 'azp', 'acr', 'amr'];
/** Tokens shorter-lived than the expiring notice would otherwise renew back to back; wait for expiry instead. */
const MIN_RENEW_INTERVAL_MS = 5000;
/** Without a drawn shell to say when, the sign-in library loads this long after the start. */
const PREPARE_FALLBACK_MS = 5000;
/** A logout hook that has not finished by then is left behind: logout must never hang. */
export const LOGOUT_HOOK_TIMEOUT_MS = 3000;
/** How long a shared device's logout lets the provider's session end in a hidden frame before it goes there itself. */
export const PROVIDER_LOGOUT_FRAME_MS = 5000;
/** A part of logout's clean-up another module adds (e.g. the IndexedDB cache clears itself). */
type LogoutHook = () => Promise<void> | void;
const logoutHooks = new Set<LogoutHook>();

export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/** A step before logout: go on, or keep the user signed in (they chose to stay). */
export type LogoutDecision = 'continue' | 'stay';
/**
 * Steps other modules add before logout (e.g. the outbox sends what waits, or asks what to do with
 * it). They run in the order added, while the user is still signed in and their token still works,
 * for every way out — Logout, an app's logout message, End shift; each may ask the user.
 */
const logoutSteps = new Set<() => Promise<LogoutDecision>>();

export function beforeLogout(step: () => Promise<LogoutDecision>): () => void {
  logoutSteps.add(step);
  return () => logoutSteps.delete(step);
}

/**
 * Parts that run once the person is leaving (no step kept them) but while the shell still stands,
 * before anything of them is removed — for every way out: a shared device's tabs, frames and worker
 * are told whether the person chose End shift, the API refused their token or their session expired.
 */
const leavingParts = new Set<() => Promise<void>>();

export function whileLeaving(part: () => Promise<void>): () => void {
  leavingParts.add(part);
  return () => leavingParts.delete(part);
}

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

  /** Sends the person to the provider's sign-in; `loginHint` fills in their name there (a badge scanned on a shared device). */
  async login(returnTo: string, loginHint?: string): Promise<void> {
    this.set({ status: 'redirecting' });
    // The previous person's provider session ends first, or the provider might still know them.
    if ((await this.providerLogout) === 'left') return;
    try {
      const { manager } = await this.library();
      await manager.signinRedirect({ state: { returnTo } satisfies ReturnState, ...this.signInRequest(loginHint) });
    } catch (error) {
      this.set({ status: 'error', error: toError(error) });
    }
  }

  /** What every sign-in asks of the provider: the portal's language; on a shared device, its form. */
  private signInRequest(loginHint?: string): { ui_locales: string; prompt?: string; login_hint?: string } {
    const language = { ui_locales: this.deps.language?.() ?? 'vi' };
    return this.deps.sharedDevice ? { ...language, prompt: 'login', ...(loginHint ? { login_hint: loginHint } : {}) } : language;
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
    this.completedHere = true;
    this.set({ status: 'signedIn', user });
    const state = user.state as Partial<ReturnState> | undefined;
    return typeof state?.returnTo === 'string' && state.returnTo.startsWith('/') && !state.returnTo.startsWith('//')
      ? state.returnTo
      : '/';
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
   * one runs joins it.
   */
  logout(): Promise<boolean> {
    this.leaving ??= this.leave().finally(() => (this.leaving = null));
    return this.leaving;
  }

  private async leave(): Promise<boolean> {
    for (const step of [...logoutSteps]) {
      const decision = await step().catch((error: unknown) => {
        console.warn('[session] a step before logout failed; logging out all the same', error);
        return 'continue' as const;
      });
      if (decision === 'stay') return false;
    }
    // Nothing keeps the person: on a shared device the provider's session starts ending now, beside the
    // leaving parts and the clean-up, since the next person's sign-in waits for it.
    // Its frame is in the page before the parts start: their work would otherwise hold its first request back.
    const behind = this.deps.sharedDevice && navigator.onLine ? (await this.endProviderSessionBehind(this.deps.storedUser()?.id_token)).ended : null;
    await Promise.all(
      [...leavingParts].map((part) => Promise.resolve().then(part).catch((error: unknown) => console.warn('[session] a part of logout failed; logging out all the same', error))),
    );
    await this.endSession(behind);
    return true;
  }

  /**
   * A shared device: the provider's session starts ending in a hidden frame at once, while the local
   * clean-up runs; `ended` is true when it ended there. Settles once the frame is in the page. The
   * next person's sign-in screen shows in this page.
   */
  private async endProviderSessionBehind(idToken: string | undefined): Promise<{ ended: Promise<boolean> }> {
    const failed = (error: unknown) => {
      console.warn('[session] the provider could not end its session in a frame', error);
      return false;
    };
    try {
      // The frame's code loads with the logout that uses it (a shared device's), not on every start.
      const [{ manager }, inFrame] = await Promise.all([
        this.library(),
        this.deps.endProviderSession ??
          import('./provider-logout.ts').then(({ endProviderSessionInFrame }) => (address: string) => endProviderSessionInFrame(address, PROVIDER_LOGOUT_FRAME_MS)),
      ]);
      const endpoint = await manager.metadataService.getEndSessionEndpoint();
      if (!endpoint) return { ended: Promise.resolve(false) };
      const url = new URL(endpoint);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      url.searchParams.set('client_id', manager.settings.client_id);
      url.searchParams.set('post_logout_redirect_uri', `${location.origin}${SIGNED_OUT_FRAME_PATH}`);
      url.searchParams.set('ui_locales', this.deps.language?.() ?? 'vi');
      return { ended: inFrame(url.href).catch(failed) };
    } catch (error) {
      return { ended: Promise.resolve(failed(error)) };
    }
  }

  /**
   * `behind`: the provider's session ending in a hidden frame (a shared device online), else null.
   * There the next person's sign-in shows as soon as the shell has gone, while the person's things are
   * still being removed: nothing of them is on that screen, and their Sign in waits for the removal
   * and the provider (providerLogout), so nobody signs in over what is left of the person before.
   */
  private async endSession(behind: Promise<boolean> | null): Promise<void> {
    // The shell goes first, so nothing of it (a start snapshot, say) is written after the clean-up.
    // The hooks are taken first: the shell's parts that added them unmount as it leaves.
    const hooks = [...logoutHooks];
    this.set({ status: 'redirecting' });
    const forgotten = this.forgetPerson(hooks);
    if (behind) {
      // A provider that did not end its session in the frame gets the whole page, as on a personal
      // device (it comes back to the next person's sign-in).
      this.providerLogout = forgotten
        .then(async (person) => {
          if (!person) return 'left' as const;
          // Offline the provider's page cannot load: its session ends with its own lifetime, and the
          // next sign-in asks for the provider's form all the same (prompt=login).
          if ((await behind) || !navigator.onLine) return 'stayed' as const;
          await person.manager.signoutRedirect({ id_token_hint: person.idToken });
          return 'left' as const;
        })
        .catch((error: unknown) => {
          // The local session is gone; the next sign-in (prompt=login) shows the provider's form all the same.
          console.warn('[session] provider logout failed', error);
          return 'stayed' as const;
        });
      this.set({ status: 'signedOut' });
      await forgotten;
      return;
    }
    const person = await forgotten;
    if (!person) return;
    // Offline the provider's page cannot load (the browser's own error page would show instead): the
    // local session is gone, the provider's ends with its own lifetime.
    if (!navigator.onLine) {
      location.assign('/');
      return;
    }
    try {
      await person.manager.signoutRedirect({ id_token_hint: person.idToken });
    } catch (error) {
      this.providerUnreachable(error);
    }
  }

  /**
   * Everything of the person goes: the stored values, the hooks' parts (IndexedDB, the push token),
   * then the sign-in library's user. A renewal under way settles first, or it would store the user
   * again. Resolves with what the provider's logout needs, or null when the library could not load
   * (then the page starts again from home).
   */
  private async forgetPerson(hooks: LogoutHook[]): Promise<{ manager: SignInLibrary['manager']; idToken: string | undefined } | null> {
    await this.renewing?.catch(() => null);
    const signedIn = this.deps.storedUser();
    removePersonalStored();
    await Promise.allSettled(hooks.map((hook) => withTimeout(Promise.resolve().then(hook), LOGOUT_HOOK_TIMEOUT_MS)));
    try {
      const { manager } = await this.library();
      const user = await manager.getUser().catch(() => null);
      await manager.removeUser();
      return { manager, idToken: user?.id_token ?? signedIn?.id_token };
    } catch (error) {
      this.providerUnreachable(error);
      return null;
    }
  }

  /** Provider (or the library) unreachable: the local session is gone anyway; start again from home. */
  private providerUnreachable(error: unknown): void {
    console.warn('[session] provider logout failed', error);
    this.deps.forgetUser();
    location.assign('/');
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
