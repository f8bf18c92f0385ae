/** Error shapes of shell.md §8, read from `data.code`/`data.message` or `data.error.code`/`data.error.message`. Pure. */
export interface ServerError {
  code: string | null;
  message: string | null;
}

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

export function extractServerError(data: unknown): ServerError {
  if (typeof data !== 'object' || data === null) return { code: null, message: asText(data) };
  const record = data as Record<string, unknown>;
  const nested = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : null;
  return {
    code: asText(record.code) ?? asText(nested?.code),
    message: asText(record.message) ?? asText(nested?.message) ?? asText(record.error),
  };
}

/** Five-digit codes beginning 404 (e.g. 40401) are shown even for requests that bypass normal errors. */
export function isNotFoundBusinessCode(code: string | null): boolean {
  return code !== null && /^404\d\d$/.test(code);
}

export type ErrorReaction =
  | { kind: 'logout' }
  | { kind: 'forbidden' }
  | { kind: 'toast'; message: string | null }
  | { kind: 'silent' };

/**
 * What the shell does with a failed call (shell.md §6, §8): 401 logs out, 403 goes to /403, anything
 * else shows an Error notification with the server's message (or the generic text when it has none),
 * unless the request bypasses normal errors and the code is not a 404xx business code.
 */
export function reactionTo(status: number, error: ServerError, bypassNormalErrors: boolean): ErrorReaction {
  if (status === 401) return { kind: 'logout' };
  if (status === 403) return { kind: 'forbidden' };
  if (bypassNormalErrors && !isNotFoundBusinessCode(error.code)) return { kind: 'silent' };
  return { kind: 'toast', message: error.message };
}
