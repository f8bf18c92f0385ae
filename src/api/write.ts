import type { OutboxMethod } from '../../packages/frame-client/outbox.ts';
import { DEFAULT_TIMEOUT_MS } from './timeouts.ts';

/**
 * One try of a stored write (the outbox's delivery, in a page or in the service worker): the user's
 * bearer, the seller the write was made under and its Idempotency-Key (the IETF httpapi draft's
 * header, the same on every try), nothing else of the app's but the content type. Never throws:
 * whatever happens is an outcome the outbox's rules decide on.
 */
export interface WriteRequest {
  method: OutboxMethod;
  url: string;
  body: string | null;
  contentType: string | null;
  accessToken: string;
  sellerId: number | null;
  idempotencyKey: string;
  /** Bytes of the answer's body kept. */
  answerBytes: number;
  timeoutMs?: number;
}

export type WriteOutcome =
  | { kind: 'answer'; status: number; body: string; truncated: boolean; retryAfter: string | null }
  | { kind: 'network' }
  | { kind: 'timeout' };

export async function attemptWrite(request: WriteRequest, fetcher: typeof fetch = fetch): Promise<WriteOutcome> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${request.accessToken}`,
    'idempotency-key': request.idempotencyKey,
  };
  if (request.sellerId !== null) headers['x-seller-id'] = String(request.sellerId);
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetcher(request.url, {
      method: request.method,
      headers,
      body: request.body,
      signal: timeout,
      credentials: 'omit',
      // A redirect would turn a POST into a GET elsewhere: it is an answer (status 0), not followed.
      redirect: 'manual',
      cache: 'no-store',
    });
    const { body, truncated } = await readCapped(response, request.answerBytes);
    return { kind: 'answer', status: response.status, body, truncated, retryAfter: response.headers.get('retry-after') };
  } catch {
    return timeout.aborted ? { kind: 'timeout' } : { kind: 'network' };
  }
}

/** The answer's text up to `limit` UTF-8 bytes; a body that cannot be read counts as empty. */
async function readCapped(response: Response, limit: number): Promise<{ body: string; truncated: boolean }> {
  const bytes = new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
  const kept = bytes.length > limit ? bytes.subarray(0, limit) : bytes;
  // A multi-byte character cut at the limit becomes U+FFFD rather than an error.
  return { body: new TextDecoder().decode(kept), truncated: bytes.length > limit };
}
