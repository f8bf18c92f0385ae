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

/**
 * The path of the entry an index.html starts, or null: the one its boot step writes into the page
 * (`data-entry`, src/frame-first.ts), or its first module script.
 */
export function entryScriptOf(html: string): string | null {
  const boot = /<script\b[^>]*\bdata-entry=["']([^"']+)["']/i.exec(html)?.[1];
  const tag = /<script\b[^>]*\btype=["']module["'][^>]*>/i.exec(html)?.[0];
  const src = boot ?? (tag && /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1]);
  return src ? new URL(src, location.origin).pathname : null;
}

/** The entry this page runs, found the same way in its document. */
export function runningEntryScript(doc: Document = document): string | null {
  const script = doc.querySelector<HTMLScriptElement>('script[data-entry], script[type="module"][src]');
  return script ? entryScriptOf(script.outerHTML) : null;
}
