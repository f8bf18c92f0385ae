/**
 * Whether a server answers at `url` now, whatever it answers (an opaque cross-origin answer counts):
 * asked before the page itself goes there, so that a server out of reach is never the browser's
 * error page. No credentials, nothing stored, within `timeoutMs`.
 */
export async function answers(url: string, timeoutMs: number): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}
