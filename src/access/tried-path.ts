/**
 * The address a user tried before the portal sent them to /403 or /404, carried in the history
 * entry's state (it survives a reload). Read from history, so validated: anything else is dropped.
 */
export interface TriedState {
  readonly from: string;
}

export function triedState(path: string): TriedState {
  return { from: path };
}

export function triedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  return typeof from === 'string' && from.startsWith('/') && from.length <= 2048 ? from : null;
}
