/**
 * The entry script of the release the server serves now, read from a fresh index.html (the query
 * keeps it out of the service worker's precache, so it comes from the server); null when it cannot
 * be read (offline, say). A page compares it with its own to tell a chunk lost to a new release from
 * one lost to the connection.
 */
export async function servedEntryScript(timeoutMs = 5000): Promise<string | null> {
  try {
    const response = await fetch(`/index.html?release-check=${Date.now()}`, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return response.ok ? entryScriptOf(await response.text()) : null;
  } catch {
    return null;
  }
}

/** The path of the module script an index.html starts, or null. */
export function entryScriptOf(html: string): string | null {
  const tag = /<script\b[^>]*\btype=["']module["'][^>]*>/i.exec(html)?.[0];
  const src = tag && /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1];
  return src ? new URL(src, location.origin).pathname : null;
}
