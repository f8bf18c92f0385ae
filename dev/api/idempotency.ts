import { createHash } from 'node:crypto';

/**
 * The IETF httpapi draft's Idempotency-Key on the server side: the first request with a key is
 * executed and its answer kept; the same key with the same request gets that answer again (no second
 * execution); the same key with another request is 422; a key whose first request is still being
 * executed is 409. Keys are scoped to the caller (the token's user). Kept in memory, like the rest
 * of the local API.
 */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

export type Admission =
  | { kind: 'execute' }
  | { kind: 'replay'; answer: KeptAnswer }
  | { kind: 'in-progress' }
  | { kind: 'other-request' };

/** The header's value: an sf-string ("…") or a bare token, 1–255 characters. */
export const IDEMPOTENCY_KEY = /^"?([A-Za-z0-9._:~+/=-]{1,255})"?$/;

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

export class IdempotencyKeys {
  private readonly keys = new Map<string, { fingerprint: string; answer: KeptAnswer | null }>();

  admit(caller: string, key: string, requestFingerprint: string): Admission {
    const id = `${caller}\n${key}`;
    const kept = this.keys.get(id);
    if (!kept) {
      this.keys.set(id, { fingerprint: requestFingerprint, answer: null });
      return { kind: 'execute' };
    }
    if (kept.fingerprint !== requestFingerprint) return { kind: 'other-request' };
    return kept.answer ? { kind: 'replay', answer: kept.answer } : { kind: 'in-progress' };
  }

  /** The executed request's answer, given to every later request with the key. */
  keep(caller: string, key: string, answer: KeptAnswer): void {
    const kept = this.keys.get(`${caller}\n${key}`);
    if (kept) kept.answer = answer;
  }

  /** The execution failed on the server's side: the key is free for the next try to execute. */
  release(caller: string, key: string): void {
    this.keys.delete(`${caller}\n${key}`);
  }
}
