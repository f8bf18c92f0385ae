import { useRuntime } from '../context/runtime.ts';
import { useShell } from '../context/shell.ts';
import type { Requester } from './AccessExplanation.tsx';

/** The signed-in user's side of an access request: the host's support address, user, seller, platform. */
export function useRequester(): Requester {
  const runtime = useRuntime();
  const { user, seller, platform } = useShell();
  return {
    email: runtime.supportEmail,
    userId: user.sub,
    seller: `${seller.displayName || seller.name} (${seller.id})`,
    platform: platform ? `${platform.name} (${platform.id})` : String(user.platformClaim),
  };
}
