import * as v from 'valibot';
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { reportProblem } from '../storage/problems.ts';
import { CACHE_DB_NAME, CACHE_STORE as STORE, type EarlyRecord, type RecordName } from './early-read.ts';

// The record names live with the early read (the boot step may not import this module's libraries).
export { RECORD_NAMES, type RecordName } from './early-read.ts';

/**
 * The IndexedDB cache of the shell: the start snapshot (the last online start's user, flags,
 * platform / seller / site and their lists: start/snapshot.ts), which every later start draws from
 * at once and the offline start relies on (shell.md §4), and the flag service's stale cache.
 *
 * Every record lives in one object store under a fixed name, so adding a record name needs no
 * schema version. The cache never throws into the shell: a missing, blocked or full database is
 * reported and the cache carries on in memory, and a record that does not pass the caller's
 * validator is deleted and read as absent so the caller fetches it again.
 */
/** One schema version: it may create or change stores and rewrite records inside the upgrade. */
export type Migration = (database: IDBPDatabase, transaction: IDBPTransaction<unknown, string[], 'versionchange'>) => void;

/** Version n is reached by running MIGRATIONS[n - 1]; append, never edit, a published step. */
export const MIGRATIONS: readonly Migration[] = [
  // v1: one store of { name, value, savedAt } records keyed by name.
  (database) => {
    database.createObjectStore(STORE, { keyPath: 'name' });
  },
];

/** A type guard or a valibot schema. */
export type Validator<T> = ((value: unknown) => value is T) | v.GenericSchema<unknown, T>;

export interface CachedRecord<T> {
  value: T;
  /** When the record was written (ms since epoch): the flags layer reads it as the fetch time. */
  savedAt: number;
}

export type CacheProblem =
  /** IndexedDB is missing or refused (private mode, disabled storage): the cache runs in memory. */
  | { kind: 'unavailable'; error: unknown }
  /** An older tab keeps the previous version open; the cache runs in memory until it lets go. */
  | { kind: 'blocked' }
  /** Another tab needs a newer version: this tab's connection closed so that upgrade can proceed. */
  | { kind: 'closedForUpgrade' }
  | { kind: 'quota'; name: RecordName; error: unknown }
  | { kind: 'writeFailed'; name: RecordName; error: unknown }
  | { kind: 'readFailed'; name: RecordName; error: unknown }
  | { kind: 'clearFailed'; error: unknown }
  /** The record was not a cache record or did not pass the validator; it has been deleted. */
  | { kind: 'discarded'; name: RecordName }
  /** Token fields were found in a value and left out of the stored copy. */
  | { kind: 'tokensStripped'; name: RecordName };

export interface OfflineCache {
  /** The record, or undefined when absent, invalid (then deleted) or unreadable. Never rejects. */
  read<T>(name: RecordName, validate: Validator<T>): Promise<CachedRecord<T> | undefined>;
  /** The same as `read`, from a read the boot step began (early-read.ts); a failed one reads again. */
  readFrom<T>(name: RecordName, validate: Validator<T>, early: Promise<EarlyRecord>): Promise<CachedRecord<T> | undefined>;
  /** Stores a copy without token fields. Never rejects: failures go to onProblem. */
  write(name: RecordName, value: unknown): Promise<void>;
  /** Forgets one record. Never rejects. */
  remove(name: RecordName): Promise<void>;
  /** Forgets every record (logout). Never rejects. */
  clear(): Promise<void>;
}

export interface CacheOptions {
  /** Database name; tests give each case its own. */
  name?: string;
  /** The schema's upgrade steps; tests append a future version to exercise upgrades across tabs. */
  migrations?: readonly Migration[];
  onProblem?: (problem: CacheProblem) => void;
}

/** Fields that hold credentials: the cache is readable by any script on the origin, so never store them. */
const TOKEN_FIELDS = new Set(['access_token', 'refresh_token', 'id_token', 'accessToken', 'refreshToken', 'idToken']);

/** Values the structured clone keeps as they are; any other object is stored as its own fields. */
function isCloneableBuiltIn(node: object): boolean {
  return (
    node instanceof Date ||
    node instanceof RegExp ||
    node instanceof Map ||
    node instanceof Set ||
    node instanceof ArrayBuffer ||
    ArrayBuffer.isView(node) ||
    (typeof Blob !== 'undefined' && node instanceof Blob)
  );
}

/**
 * A copy of `value` without token fields at any depth; `found` tells whether any were dropped.
 * Class instances (an oidc-client-ts User, say) are walked too: IndexedDB would store their fields.
 */
export function stripTokens(value: unknown): { value: unknown; found: boolean } {
  let found = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object' || isCloneableBuiltIn(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (TOKEN_FIELDS.has(key)) found = true;
      else copy[key] = walk(child);
    }
    return copy;
  };
  return { value: walk(value), found };
}

interface StoredRecord {
  name: RecordName;
  value: unknown;
  savedAt: number;
}

function isStoredRecord(raw: unknown): raw is StoredRecord {
  if (raw === null || typeof raw !== 'object') return false;
  const record = raw as Partial<StoredRecord>;
  return 'value' in record && typeof record.savedAt === 'number' && Number.isFinite(record.savedAt);
}

function validated<T>(value: unknown, validate: Validator<T>): { ok: true; value: T } | { ok: false } {
  if (typeof validate === 'function') return validate(value) ? { ok: true, value } : { ok: false };
  const result = v.safeParse(validate, value);
  return result.success ? { ok: true, value: result.output } : { ok: false };
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/** The default: a warning, and a tracking report (its kind, record and error name, never a value). */
function warnProblem(problem: CacheProblem): void {
  console.warn(`[offline cache] ${problem.kind}${'name' in problem ? ` (${problem.name})` : ''}`, 'error' in problem ? problem.error : '');
  reportProblem('offline_cache_problem', {
    kind: problem.kind,
    ...('name' in problem ? { record: problem.name } : {}),
    ...('error' in problem ? { error: problem.error instanceof Error ? problem.error.name : String(problem.error) } : {}),
  });
}

export function createCache({ name = CACHE_DB_NAME, migrations = MIGRATIONS, onProblem = warnProblem }: CacheOptions = {}): OfflineCache {
  /** Used whenever there is no open database: records then live as long as the page. */
  const memory = new Map<RecordName, StoredRecord>();
  /** Settles with the open database, or null while blocked or when IndexedDB cannot be used. */
  let connection: Promise<IDBPDatabase | null> | null = null;
  /** A logout happened while blocked: the records of that user must still go once the database opens. */
  let clearWhenOpen = false;

  const connect = (): Promise<IDBPDatabase | null> => {
    if (connection) return connection;
    let whileBlocked!: (database: null) => void;
    const blocked = new Promise<null>((resolve) => (whileBlocked = resolve));
    let database: IDBPDatabase | null = null;
    const opened = (async () => {
      try {
        // The library loads with the first use of the database, behind the first screen: a start reads its
        // snapshot through the boot step's early read (early-read.ts), and writes only once it has drawn.
        const { openDB } = await import('idb');
        database = await openDB(name, migrations.length, {
          upgrade(db, oldVersion, newVersion, transaction) {
            for (let version = oldVersion; version < (newVersion ?? migrations.length); version++) {
              migrations[version]?.(db, transaction);
            }
          },
          blocked() {
            onProblem({ kind: 'blocked' });
            whileBlocked(null);
          },
          blocking() {
            // Let the other tab's upgrade run; later calls reopen (and fall back to memory if this
            // tab's version is now too old).
            database?.close();
            connection = null;
            onProblem({ kind: 'closedForUpgrade' });
          },
          terminated() {
            connection = null;
          },
        });
        return database;
      } catch (error) {
        // Also lands here when there is no indexedDB at all, this tab's version is now too old, or the
        // library's file did not arrive.
        onProblem({ kind: 'unavailable', error });
        return null;
      }
    })();
    connection = Promise.race([opened, blocked]);
    void opened.then(async (db) => {
      if (connection === null) return; // closed for another tab's upgrade meanwhile
      connection = Promise.resolve(db);
      if (!db) return;
      if (clearWhenOpen) await clearStore(db);
      await flushMemory(db);
    });
    return connection;
  };

  /** Records written while blocked move into the database once it opens. */
  const flushMemory = async (db: IDBPDatabase): Promise<void> => {
    const pending = [...memory.values()];
    memory.clear();
    for (const record of pending) await put(db, record);
  };

  const put = async (db: IDBPDatabase, record: StoredRecord): Promise<void> => {
    try {
      await db.put(STORE, record);
    } catch (error) {
      onProblem(isQuotaError(error) ? { kind: 'quota', name: record.name, error } : { kind: 'writeFailed', name: record.name, error });
    }
  };

  const clearStore = async (db: IDBPDatabase): Promise<void> => {
    clearWhenOpen = false;
    await db.clear(STORE).catch((error: unknown) => onProblem({ kind: 'clearFailed', error }));
  };

  const remove = async (db: IDBPDatabase | null, recordName: RecordName): Promise<void> => {
    memory.delete(recordName);
    await db?.delete(STORE, recordName).catch((error: unknown) => onProblem({ kind: 'writeFailed', name: recordName, error }));
  };

  /** A stored record as read, checked: invalid ones are reported and deleted. */
  const checked = async <T>(recordName: RecordName, raw: unknown, validate: Validator<T>): Promise<CachedRecord<T> | undefined> => {
    if (raw === undefined) return undefined;
    const result = isStoredRecord(raw) ? validated(raw.value, validate) : { ok: false as const };
    if (result.ok) return { value: result.value, savedAt: (raw as StoredRecord).savedAt };
    onProblem({ kind: 'discarded', name: recordName });
    await remove(await connect(), recordName);
    return undefined;
  };

  const read = async <T>(recordName: RecordName, validate: Validator<T>): Promise<CachedRecord<T> | undefined> => {
    const db = await connect();
    let raw: unknown;
    try {
      raw = db ? await db.get(STORE, recordName) : memory.get(recordName);
    } catch (error) {
      onProblem({ kind: 'readFailed', name: recordName, error });
      return undefined;
    }
    return checked(recordName, raw, validate);
  };

  return {
    read,

    async readFrom<T>(recordName: RecordName, validate: Validator<T>, early: Promise<EarlyRecord>): Promise<CachedRecord<T> | undefined> {
      const found = await early;
      if (found.kind === 'failed') return read(recordName, validate);
      return checked(recordName, found.kind === 'found' ? found.raw : undefined, validate);
    },

    async write(recordName: RecordName, value: unknown): Promise<void> {
      const stripped = stripTokens(value);
      if (stripped.found) onProblem({ kind: 'tokensStripped', name: recordName });
      const record: StoredRecord = { name: recordName, value: stripped.value, savedAt: Date.now() };
      const db = await connect();
      if (db) await put(db, record);
      else memory.set(recordName, record);
    },

    async remove(recordName: RecordName): Promise<void> {
      await remove(await connect(), recordName);
    },

    async clear(): Promise<void> {
      memory.clear();
      const db = await connect();
      if (db) await clearStore(db);
      else clearWhenOpen = true;
    },
  };
}
