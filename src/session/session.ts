import type { User, UserManager } from 'oidc-client-ts';
import { removeStored } from '../storage/local.ts';

/**
 * The signed-in session: one store the UI subscribes to. Owns sign-in, single-flight token renewal
 * across tabs, expiry and logout. Tokens stay inside oidc-client-ts's store: never in URLs or window.name.
 */
export type SessionState =
  | { status: 'starting' }
  | { status: 'redirecting' }
  | { status: 'signedIn'; user: User }
  /** Renewal failed: the 'YourSessionHasBeenExpired' dialog shows. */
  | { status: 'expired'; user: User }
  /** The identity provider could not be reached or refused; the page offers a retry. */
  | { status: 'error'; error: Error };

export interface ReturnState {
  returnTo: string;
}

const RENEW_LOCK = 'staff-portal-token-renewal';
/** Tokens shorter-lived than the expiring notice would otherwise renew back to back; wait for expiry instead. */
const MIN_RENEW_INTERVAL_MS = 5000;
/** Hooks other modules add to logout (e.g. the IndexedDB cache clears itself). */
const logoutHooks = new Set<() => Promise<void> | void>();

export function onLogout(hook: () => Promise<void> | void): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

export class Session {
  private state: SessionState = { status: 'starting' };
  private readonly listeners = new Set<() => void>();
  private renewing: Promise<User | null> | null = null;
  private lastRenewal = 0;

  /** `language` opens the provider's login page in the portal's language. */
  constructor(
    private readonly manager: UserManager,
    private readonly language: () => string = () => 'vi',
  ) {
    manager.events.addAccessTokenExpiring(() => {
      if (Date.now() - this.lastRenewal >= MIN_RENEW_INTERVAL_MS) void this.renew();
    });
    manager.events.addAccessTokenExpired(() => void this.renew());
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

  /** The current access token for API calls (never put it in a URL or window.name). */
  accessToken(): string | null {
    return this.state.status === 'signedIn' ? this.state.user.access_token : null;
  }

  /** Restores the stored user; renews an expired token; otherwise starts the sign-in redirect. */
  async start(returnTo: string): Promise<void> {
    try {
      const user = await this.manager.getUser();
      if (user && !user.expired) return this.set({ status: 'signedIn', user });
      if (user?.refresh_token && (await this.renew())) return;
      await this.login(returnTo);
    } catch (error) {
      this.set({ status: 'error', error: toError(error) });
    }
  }

  async login(returnTo: string): Promise<void> {
    this.set({ status: 'redirecting' });
    try {
      await this.manager.signinRedirect({ state: { returnTo } satisfies ReturnState, ui_locales: this.language() });
    } catch (error) {
      this.set({ status: 'error', error: toError(error) });
    }
  }

  /** Completes the redirect back from the provider; returns where the user was going. */
  async completeLogin(url = location.href): Promise<string> {
    const user = await this.manager.signinRedirectCallback(url);
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
  renew(): Promise<User | null> {
    this.renewing ??= this.renewOnce().finally(() => {
      this.renewing = null;
      this.lastRenewal = Date.now();
    });
    return this.renewing;
  }

  private async renewOnce(): Promise<User | null> {
    const before = this.state.status === 'signedIn' || this.state.status === 'expired' ? this.state.user : null;
    const run = async (): Promise<User | null> => {
      // Another tab may have renewed while this one waited for the lock.
      const stored = await this.manager.getUser();
      if (stored && !stored.expired && stored.expires_at !== before?.expires_at && (stored.expires_in ?? 0) > 60) {
        return stored;
      }
      return this.manager.signinSilent();
    };
    try {
      const user = navigator.locks ? await navigator.locks.request(RENEW_LOCK, run) : await run();
      if (!user) throw new Error('renewal returned no user');
      this.set({ status: 'signedIn', user });
      return user;
    } catch (error) {
      console.warn('[session] token renewal failed', error);
      if (before) this.set({ status: 'expired', user: before });
      return null;
    }
  }

  /** OK or cancel on the session-expired dialog: forget the user and start over. */
  async dismissExpired(): Promise<void> {
    await this.manager.removeUser();
    location.reload();
  }

  /** Logout (shell.md §4): clear the stored platform and seller, then end the provider session. */
  async logout(): Promise<void> {
    removeStored('platform', 'seller');
    await Promise.allSettled([...logoutHooks].map((hook) => hook()));
    const user = await this.manager.getUser().catch(() => null);
    await this.manager.removeUser();
    this.set({ status: 'redirecting' });
    try {
      await this.manager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch (error) {
      // Provider unreachable: the local session is gone anyway; start again from the home page.
      console.warn('[session] provider logout failed', error);
      location.assign('/');
    }
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
