/**
 * Responses to the start's calls that the boot step sent before the app's code had arrived
 * (start/early-calls.ts), each taken once by the call it answers. On a phone's first start the
 * app's libraries take a second or more to arrive; the calls, sent only then, would add their round
 * trips after it. A response is taken only by a call that is the same request (method, address,
 * token, seller and body), so a call the app makes differently (another token, another seller) is
 * sent as usual and the early one is dropped unread. Nothing here may import a library: the boot
 * step stays a few KB.
 */

/** How a request is named in the hand-over: everything that makes its answer. */
export function requestKey(method: string, url: string, headers: Record<string, string> = {}, body?: string): string {
  return [method, url, headers.authorization ?? '', headers['x-seller-id'] ?? '', body ?? ''].join('\n');
}

/** An early call as the app takes it: its answer, and when it was sent and answered (the call's timing counts from there). */
export interface EarlyResponse {
  response: Promise<Response>;
  sentAt: number;
  answeredAt(): number | null;
}

const HANDOVER = Symbol.for('staff-portal.early-responses');
type Handover = Map<string, EarlyResponse>;
const handover = (): Handover => ((globalThis as Record<symbol, Handover | undefined>)[HANDOVER] ??= new Map());

/**
 * The boot step: `response` answers the request named `key` if the app asks for it within `keepMs`;
 * after that it is dropped (a start that went another way never asks). The first offer of a key stands.
 */
export function offerEarlyResponse(key: string, response: Promise<Response>, keepMs: number): void {
  const offers = handover();
  if (offers.has(key)) return;
  let answeredAt: number | null = null;
  // Never an unhandled rejection: whoever takes it falls back to sending the call itself.
  response.then(() => (answeredAt = performance.now())).catch(() => undefined);
  const offer = { response, sentAt: performance.now(), answeredAt: () => answeredAt };
  offers.set(key, offer);
  setTimeout(() => offers.get(key) === offer && offers.delete(key), keepMs);
}

/** The boot step: sends a call as the app's API client would (client.ts requestOf) and offers its answer for `keepMs`. */
export function sendEarly(request: { url: string; init: RequestInit; key: string }, keepMs: number): void {
  offerEarlyResponse(request.key, fetch(request.url, { ...request.init, credentials: 'omit', signal: AbortSignal.timeout(keepMs) }), keepMs);
}

/** The app: the early response to the request named `key`, once; null when there is none. */
export function takeEarlyResponse(key: string): EarlyResponse | null {
  const offers = handover();
  const offer = offers.get(key) ?? null;
  offers.delete(key);
  return offer;
}
