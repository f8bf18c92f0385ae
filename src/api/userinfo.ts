import * as v from 'valibot';

/** The claims the identity provider's userinfo endpoint answers: at least the subject. */
const userInfoSchema = v.looseObject({ sub: v.pipe(v.string(), v.minLength(1)) });
export type UserInfo = v.InferOutput<typeof userInfoSchema>;

/** The userinfo endpoint refused the token (401/403): it is no longer good. */
export class UserInfoRefused extends Error {
  constructor(readonly status: number) {
    super(`userinfo refused the access token (${status})`);
    this.name = 'UserInfoRefused';
  }
}

/**
 * The signed-in user's current claims from the provider's userinfo endpoint (OpenID Connect Core
 * §5.3), with the access token: fresh claims without spending the rotating refresh token. The
 * answer is validated here; anything but a JSON object with a subject is an error. The endpoint comes
 * from oidc-client-ts's discovery (metadataService); its own UserInfoService is internal (not exported,
 * reachable only inside a sign-in or renewal with loadUserInfo), hence this one GET.
 */
export async function fetchUserInfo(endpoint: string, accessToken: string, timeoutMs: number): Promise<UserInfo> {
  const response = await fetch(endpoint, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    credentials: 'omit',
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status === 401 || response.status === 403) throw new UserInfoRefused(response.status);
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  const parsed = v.safeParse(userInfoSchema, await response.json().catch(() => null));
  if (!parsed.success) throw new Error('userinfo answered no valid claims');
  return parsed.output;
}
