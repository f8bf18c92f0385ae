import { backoffDelay } from './backoff.ts';
import { ApiError } from './client.ts';

/**
 * Retries a failing async call with exponential back-off (feature flags: 3 retries, shell.md §9).
 * `shouldRetry` lets callers stop early on answers that will not change (401, 403, 400).
 */
export async function withRetry<T>(
  call: (attempt: number) => Promise<T>,
  { retries, baseDelayMs = 300, shouldRetry = () => true, sleep = defaultSleep }: {
    retries: number;
    baseDelayMs?: number;
    shouldRetry?: (error: unknown) => boolean;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= retries || !shouldRetry(error)) throw error;
      await sleep(backoffDelay(attempt, baseDelayMs));
    }
  }
}

/**
 * Whether asking again may get another answer: not after the server refused the request itself
 * (4xx: 400, 401, 403, 404...), which it will refuse again; yes after a time-out, a network failure,
 * a 5xx, 408 or 429.
 */
export function mayAnswerOtherwise(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : null;
  return status === null || status < 400 || status >= 500 || status === 408 || status === 429;
}


const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
