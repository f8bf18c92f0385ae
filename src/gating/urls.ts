/**
 * External-redirect address validation (shell.md §5): valid only if it parses and is http(s).
 * Control characters are refused outright because the URL parser silently drops tabs and newlines,
 * which would let "java\tscript:" or "ht\ntp:" through as something else.
 */

const CONTROL = /\p{Cc}/u;

/** The parsed address if it is an absolute http(s) address with a host, otherwise null. */
export function parseHttpUrl(input: string): URL | null {
  if (CONTROL.test(input)) return null;
  let url: URL;
  try {
    url = new URL(input); // no base: relative and protocol-relative (//host) addresses throw
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url : null;
}

export function isValidHttpUrl(input: string): boolean {
  return parseHttpUrl(input) !== null;
}
