import { removePersonalStored } from '../storage/local.ts';
import { endInFrame, endProviderSession, type ProviderLogoutParts } from './provider-logout.ts';
import { leavingParts, logoutHooks, logoutSteps, type LogoutHook } from './logout-parts.ts';
import { LOGOUT_HOOK_TIMEOUT_MS } from './sign-in-settings.ts';
import { markLogoutUnconfirmed } from './unconfirmed-logout.ts';
import type { SignInLibrary } from './user-manager.ts';

/**
 * Logout's own course (shell.md §4, README "Frame protocol: the outbox" and "Shared devices"). Its code
 * loads with a logout (Session.logout), never on a start: the session hands over what it needs.
 */

/** What a logout needs of the session it ends. */
export interface Leaving {
  deps: {
    sharedDevice?: boolean;
    /** The stored user, read without the library. */
    storedUser(): { id_token?: string } | null;
    /** Removes the stored user without the library. */
    forgetUser(): void;
  };
  library(): Promise<SignInLibrary>;
  /** A renewal under way, if any: it settles first, or it would store the user again. */
  renewal(): Promise<unknown> | null;
  /** What ending the provider's session needs of the session. */
  providerParts(): Promise<ProviderLogoutParts>;
  show(status: 'redirecting' | 'signedOut'): void;
  /** The provider cannot be reached: signed out here offline, a retry online (never the browser's error page). */
  outOfReach(): void;
  login(returnTo: string): Promise<void>;
  /** A shared device: the provider's session ending behind the next person's page; their sign-in waits for it. */
  endingBehind(ending: Promise<'stayed' | 'left'>): void;
}

/**
 * First the steps before logout, any of which may keep the user signed in — then false, and nothing
 * is removed; a step that fails is passed over. Then the logout is unconfirmed until the provider
 * says its session ended (unconfirmed-logout.ts), and the parts that run while the person is leaving
 * (a shared device's other tabs, frames and worker) run before anything is removed — on a shared
 * device the provider's session starts ending in a hidden frame beside them. Then everything of the
 * person goes, and the provider's session is ended (endSession).
 */
export async function leave(session: Leaving): Promise<boolean> {
  for (const step of [...logoutSteps]) {
    const decision = await step().catch((error: unknown) => {
      console.warn('[session] a step before logout failed; logging out all the same', error);
      return 'continue' as const;
    });
    if (decision === 'stay') return false;
  }
  markLogoutUnconfirmed();
  // On a shared device the provider's session starts ending now, beside the leaving parts and the
  // clean-up, since the next person's sign-in waits for it. Its frame is in the page before the parts
  // start: their work would otherwise hold its first request back.
  const { deps } = session;
  const behind = deps.sharedDevice && navigator.onLine ? (await endBehind(session, deps.storedUser()?.id_token)).ended : null;
  await Promise.all(
    [...leavingParts].map((part) => Promise.resolve().then(part).catch((error: unknown) => console.warn('[session] a part of logout failed; logging out all the same', error))),
  );
  await endSession(session, behind);
  return true;
}

/** The provider's session ending in the hidden frame; `ended` is true when it ended there. Settles once the frame is in the page. */
async function endBehind(session: Leaving, idToken: string | undefined): Promise<{ ended: Promise<boolean> }> {
  const failed = (error: unknown) => {
    console.warn('[session] the provider could not end its session in a frame', error);
    return false;
  };
  try {
    const { ended } = await endInFrame(await session.providerParts(), idToken);
    return { ended: ended.catch(failed) };
  } catch (error) {
    return { ended: Promise.resolve(failed(error)) };
  }
}

/**
 * `behind`: the provider's session ending in a hidden frame (a shared device online), else null.
 * On a shared device the next person's sign-in shows as soon as the shell has gone, while the
 * person's things are still being removed: nothing of them is on that screen, and their Sign in waits
 * for the removal and the provider, so nobody signs in over what is left of the person before.
 * Elsewhere the page goes to the provider's end-session endpoint once everything of the person is
 * removed; a provider out of reach (offline) leaves the page here, signed out, and its session is
 * ended once it answers (Session.endUnconfirmedLogout, Session.login).
 */
async function endSession(session: Leaving, behind: Promise<boolean> | null): Promise<void> {
  // The shell goes first, so nothing of it (a start snapshot, say) is written after the clean-up.
  // The hooks are taken first: the shell's parts that added them unmount as it leaves.
  const hooks = [...logoutHooks];
  session.show('redirecting');
  const forgotten = forgetPerson(session, hooks);
  const endAtProvider = async (idToken: string | undefined, frame: boolean) =>
    endProviderSession(await session.providerParts(), { returnTo: '/', idToken, frame });
  if (session.deps.sharedDevice) {
    session.endingBehind(
      forgotten
        .then(async (person) => {
          if (!person) return 'left' as const;
          if (behind && (await behind)) return 'stayed' as const;
          // Not ended in the frame: the whole page goes to the provider, and comes back to the next
          // person's sign-in. No frame (offline): it is ended there once it answers.
          return (await endAtProvider(person.idToken, !behind)) === 'left' ? ('left' as const) : ('stayed' as const);
        })
        .catch((error: unknown) => {
          // The local session is gone; the next sign-in (prompt=login) shows the provider's form all the same.
          console.warn('[session] provider logout failed', error);
          return 'stayed' as const;
        }),
    );
    session.show('signedOut');
    await forgotten;
    return;
  }
  const person = await forgotten;
  if (!person) return;
  try {
    const ended = await endAtProvider(person.idToken, false);
    if (ended === 'ended') await session.login('/');
    else if (ended === 'unreachable') session.outOfReach();
  } catch (error) {
    providerUnreachable(session, error);
  }
}

/**
 * Everything of the person goes: the stored values, the hooks' parts (IndexedDB, the push token),
 * then the sign-in library's user. A renewal under way settles first, or it would store the user
 * again. Resolves with what the provider's logout needs, or null when the library could not load
 * (then the page starts again from home).
 */
async function forgetPerson(session: Leaving, hooks: readonly LogoutHook[]): Promise<{ idToken: string | undefined } | null> {
  await session.renewal()?.catch(() => null);
  const signedIn = session.deps.storedUser()?.id_token;
  removePersonalStored();
  await Promise.allSettled(hooks.map((hook) => withTimeout(Promise.resolve().then(hook), LOGOUT_HOOK_TIMEOUT_MS)));
  try {
    const { manager } = await session.library();
    const user = await manager.getUser().catch(() => null);
    await manager.removeUser();
    return { idToken: user?.id_token ?? signedIn };
  } catch (error) {
    providerUnreachable(session, error);
    return null;
  }
}

/** The library could not be had: the local session is gone anyway; start again from home. */
function providerUnreachable(session: Leaving, error: unknown): void {
  console.warn('[session] provider logout failed', error);
  session.deps.forgetUser();
  location.assign('/');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}
