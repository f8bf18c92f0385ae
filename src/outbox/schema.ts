import type { IDBPDatabase, IDBPTransaction } from 'idb';
import * as v from 'valibot';
import { OUTBOX_METHODS, type OutboxEntry, type OutboxProblem, type OutboxState } from '../../packages/frame-client/outbox.ts';

/**
 * The outbox's IndexedDB database, versioned: each release opens it at MIGRATIONS.length and the
 * steps it lacks run in its upgrade. A published step is never edited, only appended to.
 */
export const OUTBOX_DB_NAME = 'staff-portal-outbox';
export const ENTRIES = 'entries';
export const CREDENTIALS = 'credentials';
export const SEALED = 'sealed';
export const KEYS = 'keys';

export type OutboxMigration = (database: IDBPDatabase, transaction: IDBPTransaction<unknown, string[], 'versionchange'>) => void | Promise<void>;

export const MIGRATIONS: readonly OutboxMigration[] = [
  // v1: the entries in the order they were queued (the key is an auto-incremented sequence, one for
  // every tab and the worker); by id, by owner (the user's own), by app and request (a send said twice is
  // stored once). The worker's credential: the access token of the signed-in user, nothing else.
  (database) => {
    const entries = database.createObjectStore(ENTRIES, { keyPath: 'seq', autoIncrement: true });
    entries.createIndex('id', 'id', { unique: true });
    entries.createIndex('owner', 'owner');
    entries.createIndex('request', ['owner', 'app', 'requestId']);
    database.createObjectStore(CREDENTIALS, { keyPath: 'name' });
  },
  // v2: entries kept for their user's next sign-in are sealed (encrypted with a key only the API hands
  // that user) and found by the key's id; the key of each user signed in on the device, until they
  // leave. Entries of v1 learn whether they were made offline (they were not known to be).
  async (database, transaction) => {
    database.createObjectStore(SEALED, { keyPath: 'id' }).createIndex('keyId', 'keyId');
    database.createObjectStore(KEYS, { keyPath: 'owner' });
    let cursor = await transaction.objectStore(ENTRIES).openCursor();
    while (cursor) {
      const record: unknown = cursor.value;
      if (typeof record === 'object' && record !== null && !('queuedOffline' in record)) await cursor.update({ ...record, queuedOffline: false });
      cursor = await cursor.continue();
    }
  },
];

const STATES = ['queued', 'sending', 'delivered', 'failed'] as const satisfies readonly OutboxState[];
const PROBLEMS = ['network', 'timeout', 'unavailable', 'busy', 'signed-out', 'refused', 'unauthorized', 'unreadable'] as const satisfies readonly OutboxProblem[];
const text = v.pipe(v.string(), v.minLength(1));
// valibot's number() already refuses NaN; no finer check is worth a function on the start's path.
const time = v.number();
const status = v.nullable(v.pipe(v.number(), v.integer()));

/** An entry as its app sees it (entryView), as other tabs and the worker tell of it. */
export const entryViewSchema = v.object({
  id: text,
  method: v.picklist(OUTBOX_METHODS),
  url: v.pipe(v.string(), v.url()),
  body: v.nullable(v.string()),
  state: v.picklist(STATES),
  queuedAt: time,
  attempts: v.pipe(v.number(), v.integer(), v.minValue(0)),
  problem: v.nullable(v.object({ reason: v.picklist(PROBLEMS), status, retryAt: v.nullable(time) })),
  answer: v.nullable(v.object({ status: v.pipe(v.number(), v.integer()), body: v.string(), truncated: v.boolean() })),
});

/** An entry as stored. Everything read back is checked against it where it is read. */
export const storedEntrySchema = v.object({
  ...entryViewSchema.entries,
  seq: v.pipe(v.number(), v.integer()),
  idempotencyKey: text,
  app: text,
  /** The frame's request id: a send said again (the app did not hear the answer) is stored once. */
  requestId: text,
  /** The sub of the user who made it: only their token ever sends it. */
  owner: text,
  /** The seller it was made under: sent as X-Seller-Id whatever the seller is by then. */
  sellerId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  contentType: v.nullable(v.string()),
  queuedOffline: v.boolean(),
  /** Not tried before this time (back-off, Retry-After). */
  nextAttemptAt: time,
  deliveredAt: v.nullable(time),
});
export type StoredEntry = v.InferOutput<typeof storedEntrySchema>;
/** An entry before the database numbered it. */
export type NewEntry = Omit<StoredEntry, 'seq'>;

/** A record of the entries store that does not read back as an entry: kept, shown, never sent. */
export interface UnreadableEntry {
  unreadable: true;
  seq: number;
  /** Its id when that much could be read. */
  id: string | null;
  app: string | null;
}

export const isReadable = (record: StoredEntry | UnreadableEntry): record is StoredEntry => !('unreadable' in record);

/** A value of a built-in class (kept as it is by IndexedDB), with the functions the start already has. */
const instanceOf = <T>(is: (value: unknown) => boolean) => v.pipe(v.unknown(), v.check(is), v.transform((value) => value as T));

/** One entry sealed for its user's next sign-in: nothing in it is readable without that user's key. */
export const sealedSchema = v.object({
  id: text,
  /** The id of the key it was sealed with (the API's, not the user's name). */
  keyId: text,
  /** Keeps the entries of one user in the order they were queued. */
  order: v.number(),
  iv: instanceOf<Uint8Array>((value) => value instanceof Uint8Array),
  data: instanceOf<ArrayBuffer>((value) => value instanceof ArrayBuffer),
});
export type SealedRecord = v.InferOutput<typeof sealedSchema>;

/** A user's sealing key while they are signed in on the device (non-extractable: usable, never readable). */
export const keyRecordSchema = v.object({ owner: text, keyId: text, key: instanceOf<CryptoKey>((value) => typeof CryptoKey !== 'undefined' && value instanceof CryptoKey) });
export type KeyRecord = v.InferOutput<typeof keyRecordSchema>;

/** What the service worker needs to deliver while no page is open: the access token only, never the refresh token. */
export const credentialSchema = v.object({ name: v.literal('worker'), owner: text, accessToken: text, expiresAt: time });
export type WorkerCredential = v.InferOutput<typeof credentialSchema>;

/** An entry as its app sees it. */
export function entryView(entry: StoredEntry): OutboxEntry {
  return {
    id: entry.id,
    method: entry.method,
    url: entry.url,
    body: entry.body,
    state: entry.state,
    queuedAt: entry.queuedAt,
    attempts: entry.attempts,
    problem: entry.problem,
    answer: entry.answer,
  };
}
