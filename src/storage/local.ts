import { reportProblem } from './problems.ts';
import { KEY_OWNERS, STORAGE_KEYS, type StorageKey } from './keys.ts';
import { webStorage } from './web-storage.ts';

/**
 * The only module that touches localStorage. Keys of shell.md §3 "Stored locally" live here,
 * values are JSON. Every value is validated where it is read: a corrupt, unparsable or wrong-shaped
 * value is removed, reported to tracking and read as "absent", so bad storage never stops the shell.
 */
export { KEY_OWNERS, STORAGE_KEYS, type StorageKey } from './keys.ts';

// Marked pure so that the boot step's bundle, which never reads it, leaves it out.
export const PERSONAL_KEYS = /* @__PURE__ */ (Object.keys(KEY_OWNERS) as StorageKey[]).filter((key) => KEY_OWNERS[key] === 'person');

const local = webStorage(() => globalThis.localStorage);
const { backend, get: readRaw, remove: removeRaw } = local;

/**
 * Whether this page may use localStorage at all. Browsers that block site data throw on the first
 * read ("Access is denied for this document"); sign-in cannot work without it (see storage-blocked
 * in the README's decisions), so start-up shows the storage-blocked page instead.
 */
export function isLocalStorageUsable(): boolean {
  try {
    const storage = globalThis.localStorage as Storage | null | undefined;
    if (!storage) return false;
    storage.getItem(STORAGE_KEYS.language);
    return true;
  } catch {
    return false;
  }
}


/** Removes a value that failed validation and reports it (its name and size, never its content). */
export function discardStored(name: string, raw: string, reason: string): void {
  removeRaw(name);
  console.warn(`[storage] discarded an invalid value under "${name}": ${reason}`);
  reportProblem('storage_invalid', { key: name, reason, length: raw.length });
}

/** A stored value's text parsed and narrowed by `accept`: the value, or why it is refused. Pure. */
function parseStored<T>(raw: string, accept: (value: unknown) => value is T): { value: T } | { refused: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { refused: 'not JSON' };
  }
  try {
    // a guard that throws on a hostile shape rejects it
    if (accept(value)) return { value };
  } catch {}
  return { refused: 'wrong shape' };
}

/** How a stored value is read: `accept` narrows the parsed JSON and rejects wrong shapes. */
export type StoredReader = <T>(key: StorageKey, accept: (value: unknown) => value is T) => T | undefined;

/** Reads a stored value; one that fails `accept` is discarded (removed and reported) and reads as absent. */
export const readStored: StoredReader = (key, accept) => {
  const name = STORAGE_KEYS[key];
  const raw = readRaw(name);
  if (raw === null) return undefined;
  const parsed = parseStored(raw, accept);
  if ('value' in parsed) return parsed.value;
  discardStored(name, raw, parsed.refused);
  return undefined;
};

/**
 * Reads a stored value as `readStored` does, but leaves an invalid one where it is, for the app's own
 * read to discard and report: the boot step's reads (start/early-calls.ts), which must stay small.
 */
export const peekStored: StoredReader = (key, accept) => {
  const raw = readRaw(STORAGE_KEYS[key]);
  const parsed = raw === null ? null : parseStored(raw, accept);
  return parsed && 'value' in parsed ? parsed.value : undefined;
};

/** A stored value's text as it is, unchecked: for comparing what a start was drawn with (start/frame-first/rules.ts). */
export const storedText = (name: string): string | null => readRaw(name);

export function writeStored(key: StorageKey, value: unknown): void {
  if (!local.set(STORAGE_KEYS[key], JSON.stringify(value))) console.warn(`[storage] could not store "${STORAGE_KEYS[key]}"`);
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) removeRaw(STORAGE_KEYS[key]);
}

/** Logout: forgets everything stored for the person, keeps the device's settings (KEY_OWNERS). */
export function removePersonalStored(): void {
  removeStored(...PERSONAL_KEYS);
}

/**
 * Entries a library keeps under its own names and formats (oidc-client-ts's user and sign-in
 * state). The caller validates what it reads. Writes throw, so a sign-in whose state could not be
 * kept fails visibly instead of at the callback.
 */
export const libraryEntries = {
  get: (name: string): string | null => readRaw(name),
  set(name: string, value: string): void {
    const storage = backend();
    if (!storage) throw new Error('localStorage is not available');
    storage.setItem(name, value);
  },
  remove: (name: string): void => removeRaw(name),
  names(): string[] {
    const storage = backend();
    if (!storage) return [];
    try {
      return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((name): name is string => name !== null);
    } catch {
      return [];
    }
  },
};

/** Notifies when another tab changes a stored key. */
export function onStoredChange(key: StorageKey, listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS[key]) listener();
  };
  addEventListener('storage', handler);
  return () => removeEventListener('storage', handler);
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
/** Platform, seller and site ids: positive integers (0 means "all" in claims, never a choice). */
export const isEntityId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
