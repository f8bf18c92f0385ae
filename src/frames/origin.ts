/**
 * Who may receive the signed-in user's data (shell.md §5 origin check): an origin over https — or one
 * of the configured local origins — whose host is the sign-in domain or one of its sub-domains.
 * `evil-provider.com` is not `provider.com`; neither is `provider.com.evil.io`. Pure.
 */
export function isTrustedUserDataOrigin(origin: string, signInDomain: string, localOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false; // 'null', paths or credentials smuggled into the origin
  const local = localOrigins.some((allowed) => sameOrigin(allowed, origin));
  if (url.protocol !== 'https:' && !local) return false;
  const domain = signInDomain.toLowerCase().replace(/^\.+/, '');
  const host = url.hostname.toLowerCase();
  return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** The origin of an address, or null when it does not parse. */
export function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}
