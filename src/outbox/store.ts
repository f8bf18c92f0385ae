import { openDB, type IDBPDatabase } from 'idb';
import * as v from 'valibot';
import {
  CREDENTIALS,
  credentialSchema,
  ENTRIES,
  isReadable,
  KEYS,
  keyRecordSchema,
  MIGRATIONS,
  OUTBOX_DB_NAME,
  SEALED,
  sealedSchema,
  storedEntrySchema,
  type KeyRecord,
  type NewEntry,
  type OutboxMigration,
  type SealedRecord,
  type StoredEntry,
  type UnreadableEntry,
  type WorkerCredential,
} from './schema.ts';

/**
 * The outbox's one IndexedDB database (schema.ts). Unlike the offline cache it never falls back to
 * memory: a write is only accepted once it is on disk. So a database it cannot use is a named error
 * for the caller (the app is told, nothing is stored), and a record that does not read back is kept
 * and reported, never dropped.
 */
export class OutboxStorageError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
/** An older tab of the portal keeps the previous version of the database open; closing it lets this one in. */
export class OutboxDatabaseBlocked extends OutboxStorageError {}
/** IndexedDB is missing, refused, or newer than this release (an older tab after an update). */
export class OutboxDatabaseUnavailable extends OutboxStorageError {}
/** The device's storage quota is used up. */
export class OutboxStorageFull extends OutboxStorageError {}

export type StoreProblem =
  | { kind: 'blocked' }
  | { kind: 'unavailable'; error: unknown }
  /** A record that does not read back as what its store holds: kept, never sent. */
  | { kind: 'unreadable'; store: string; key: IDBValidKey };

export interface StoreOptions {
  name?: string;
  migrations?: readonly OutboxMigration[];
  /** How long a call waits for an older tab to let go of the database before it fails as blocked. */
  blockedWaitMs?: number;
  onProblem(problem: StoreProblem): void;
}

export const BLOCKED_WAIT_MS = 3000;

export type EntryPatch = Partial<Omit<StoredEntry, 'seq' | 'id' | 'owner' | 'app' | 'idempotencyKey'>>;

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

export class OutboxStore {
  private connection: Promise<IDBPDatabase> | null = null;
  private blockedSince: Promise<void> | null = null;
  private readonly reported = new Set<string>();

  constructor(private readonly options: StoreOptions) {}

  private connect(): Promise<IDBPDatabase> {
    if (this.connection) return this.connection;
    const { name = OUTBOX_DB_NAME, migrations = MIGRATIONS, onProblem } = this.options;
    let markBlocked!: () => void;
    this.blockedSince = new Promise<void>((resolve) => (markBlocked = resolve));
    let database: IDBPDatabase | null = null;
    const opening = openDB(name, migrations.length, {
      async upgrade(db, oldVersion, newVersion, transaction) {
        for (let version = oldVersion; version < (newVersion ?? migrations.length); version++) await migrations[version]?.(db, transaction);
      },
      blocked() {
        onProblem({ kind: 'blocked' });
        markBlocked();
      },
      blocking: () => {
        // A newer release's tab needs the database: let it upgrade; the next call here opens again.
        database?.close();
        this.connection = null;
      },
      terminated: () => {
        this.connection = null;
      },
    }).then(
      (db) => (database = db),
      (error: unknown) => {
        this.connection = null;
        onProblem({ kind: 'unavailable', error });
        throw new OutboxDatabaseUnavailable('The outbox database cannot be opened', { cause: error });
      },
    );
    this.connection = opening;
    return opening;
  }

  /** The open database; fails as blocked when an older tab holds it longer than blockedWaitMs. */
  private async db(): Promise<IDBPDatabase> {
    const opening = this.connect();
    const blocked = this.blockedSince;
    const waitMs = this.options.blockedWaitMs ?? BLOCKED_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = blocked?.then(
      () =>
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new OutboxDatabaseBlocked('An older tab of the portal keeps the outbox database open')), waitMs);
        }),
    );
    try {
      return await (giveUp ? Promise.race([opening, giveUp]) : opening);
    } finally {
      clearTimeout(timer);
    }
  }

  private unreadable(store: string, key: IDBValidKey): void {
    const id = `${store}:${String(key)}`;
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.options.onProblem({ kind: 'unreadable', store, key });
  }

  /** Reads an entry record: the entry, or what could be read of an unreadable one (reported once). */
  private readEntry(raw: unknown, key: IDBValidKey): StoredEntry | UnreadableEntry {
    const parsed = v.safeParse(storedEntrySchema, raw);
    if (parsed.success) return parsed.output;
    this.unreadable(ENTRIES, key);
    const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    return { unreadable: true, seq: Number(key), id: typeof record.id === 'string' ? record.id : null, app: typeof record.app === 'string' ? record.app : null };
  }

  /**
   * Stores a new entry and returns it numbered; a send said again (same owner, app and request id)
   * returns the entry stored the first time.
   */
  async add(entry: NewEntry): Promise<StoredEntry> {
    const db = await this.db();
    try {
      const tx = db.transaction(ENTRIES, 'readwrite');
      const earlierKey = await tx.store.index('request').getKey([entry.owner, entry.app, entry.requestId]);
      const earlier = earlierKey === undefined ? null : this.readEntry(await tx.store.get(earlierKey), earlierKey);
      const stored = earlier && isReadable(earlier) ? earlier : { ...entry, seq: Number(await tx.store.add(entry)) };
      await tx.done;
      return stored;
    } catch (error) {
      if (isQuotaError(error)) throw new OutboxStorageFull('The device has no room left for the write', { cause: error });
      throw error;
    }
  }

  /**
   * The owner's entries (of one app, or all) in queue order; their records that do not read back come
   * as unreadable.
   */
  async entriesOf(owner: string, app?: string): Promise<{ entries: StoredEntry[]; unreadable: UnreadableEntry[] }> {
    const db = await this.db();
    const entries: StoredEntry[] = [];
    const unreadable: UnreadableEntry[] = [];
    // One owner's records, in the order of their sequence (an index keeps equal keys in primary-key order).
    let cursor = await db.transaction(ENTRIES).store.index('owner').openCursor(owner);
    while (cursor) {
      const read = this.readEntry(cursor.value, cursor.primaryKey);
      if (!isReadable(read)) unreadable.push(read);
      else if (app === undefined || read.app === app) entries.push(read);
      cursor = await cursor.continue();
    }
    return { entries, unreadable: app === undefined ? unreadable : unreadable.filter((record) => record.app === null || record.app === app) };
  }

  /**
   * Records that name no owner (damaged beyond that): whose they are cannot be told, so they are shown
   * (unreadable, discardable) to whoever looks, and never sent. A scan of the whole store.
   */
  async strays(): Promise<UnreadableEntry[]> {
    const db = await this.db();
    const strays: UnreadableEntry[] = [];
    let cursor = await db.transaction(ENTRIES).store.openCursor();
    while (cursor) {
      const owner: unknown = (cursor.value as { owner?: unknown } | null)?.owner;
      if (typeof owner !== 'string' || owner === '') {
        const read = this.readEntry(cursor.value, cursor.primaryKey);
        if (!isReadable(read)) strays.push(read);
      }
      cursor = await cursor.continue();
    }
    return strays;
  }

  /** The owner's entries of `app` still to be delivered (queued, or left sending by a tab that died), in order. */
  async waiting(owner: string, app: string): Promise<StoredEntry[]> {
    const db = await this.db();
    const waiting: StoredEntry[] = [];
    let cursor = await db.transaction(ENTRIES).store.index('owner').openCursor(owner);
    while (cursor) {
      const read = this.readEntry(cursor.value, cursor.primaryKey);
      if (isReadable(read) && read.app === app && (read.state === 'queued' || read.state === 'sending')) waiting.push(read);
      cursor = await cursor.continue();
    }
    return waiting;
  }

  /** The apps with entries of the owner still to be delivered. */
  async waitingApps(owner: string): Promise<string[]> {
    const { entries } = await this.entriesOf(owner);
    return [...new Set(entries.filter((entry) => entry.state === 'queued' || entry.state === 'sending').map((entry) => entry.app))];
  }

  /** Every owner with entries on the device. */
  async owners(): Promise<string[]> {
    const db = await this.db();
    const owners = new Set<string>();
    let cursor = await db.transaction(ENTRIES).store.index('owner').openKeyCursor(null, 'nextunique');
    while (cursor) {
      owners.add(String(cursor.key));
      cursor = await cursor.continue();
    }
    return [...owners];
  }

  async get(id: string): Promise<StoredEntry | UnreadableEntry | null> {
    const db = await this.db();
    const key = await db.transaction(ENTRIES).store.index('id').getKey(id);
    if (key === undefined) return null;
    return this.readEntry(await db.get(ENTRIES, key), key);
  }

  /** Changes an entry in one transaction; null when it is gone (or unreadable). */
  async update(id: string, patch: EntryPatch): Promise<StoredEntry | null> {
    const db = await this.db();
    const tx = db.transaction(ENTRIES, 'readwrite');
    const key = await tx.store.index('id').getKey(id);
    if (key === undefined) return null;
    const current = this.readEntry(await tx.store.get(key), key);
    if (!isReadable(current)) return null;
    const next: StoredEntry = { ...current, ...patch };
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  /** Removes an entry (or an unreadable record, by its key). */
  async remove(which: { id: string } | { seq: number }): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(ENTRIES, 'readwrite');
    const key = 'seq' in which ? which.seq : await tx.store.index('id').getKey(which.id);
    if (key !== undefined) await tx.store.delete(key);
    await tx.done;
  }

  /** The owner's records as stored (readable or not), for sealing. */
  async recordsOf(owner: string): Promise<{ seq: number; record: unknown }[]> {
    const db = await this.db();
    const records: { seq: number; record: unknown }[] = [];
    let cursor = await db.transaction(ENTRIES).store.index('owner').openCursor(owner);
    while (cursor) {
      records.push({ seq: Number(cursor.primaryKey), record: cursor.value });
      cursor = await cursor.continue();
    }
    return records;
  }

  /** Adds sealed copies and removes records (by sequence) in one transaction: either both, or neither. */
  async seal(sealed: readonly SealedRecord[], removed: readonly number[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([ENTRIES, SEALED], 'readwrite');
    for (const record of sealed) await tx.objectStore(SEALED).put(record);
    for (const seq of removed) await tx.objectStore(ENTRIES).delete(seq);
    await tx.done;
  }

  /** The sealed records of one key, in their user's order. */
  async sealedWith(keyId: string): Promise<SealedRecord[]> {
    const db = await this.db();
    const tx = db.transaction(SEALED);
    const keys = await tx.store.index('keyId').getAllKeys(keyId);
    const records: SealedRecord[] = [];
    for (const key of keys) {
      const parsed = v.safeParse(sealedSchema, await tx.store.get(key));
      if (parsed.success) records.push(parsed.output);
      else this.unreadable(SEALED, key);
    }
    return records.sort((a, b) => a.order - b.order);
  }

  /** Puts opened records back in the queue (numbered anew, in order) and drops their sealed copies, in one transaction. */
  async unseal(entries: readonly unknown[], sealedIds: readonly string[]): Promise<void> {
    const db = await this.db();
    const tx = db.transaction([ENTRIES, SEALED], 'readwrite');
    for (const entry of entries) await tx.objectStore(ENTRIES).add(entry);
    for (const id of sealedIds) await tx.objectStore(SEALED).delete(id);
    await tx.done;
  }

  async putKey(record: KeyRecord): Promise<void> {
    await (await this.db()).put(KEYS, record);
  }

  async keyOf(owner: string): Promise<KeyRecord | null> {
    const raw: unknown = await (await this.db()).get(KEYS, owner);
    if (raw === undefined) return null;
    const parsed = v.safeParse(keyRecordSchema, raw);
    if (parsed.success) return parsed.output;
    this.unreadable(KEYS, owner);
    return null;
  }

  /** The owners whose key is on the device. */
  async keyOwners(): Promise<string[]> {
    return ((await (await this.db()).getAllKeys(KEYS)) as IDBValidKey[]).map(String);
  }

  async removeKey(owner: string): Promise<void> {
    await (await this.db()).delete(KEYS, owner);
  }

  async putCredential(credential: Omit<WorkerCredential, 'name'>): Promise<void> {
    await (await this.db()).put(CREDENTIALS, { name: 'worker', ...credential } satisfies WorkerCredential);
  }

  async credential(): Promise<WorkerCredential | null> {
    const raw: unknown = await (await this.db()).get(CREDENTIALS, 'worker');
    if (raw === undefined) return null;
    const parsed = v.safeParse(credentialSchema, raw);
    if (parsed.success) return parsed.output;
    // A credential is only ever a convenience: an unreadable one is removed, the page writes it again.
    this.unreadable(CREDENTIALS, 'worker');
    await this.removeCredential();
    return null;
  }

  async removeCredential(): Promise<void> {
    await (await this.db()).delete(CREDENTIALS, 'worker');
  }

  /** Removes the worker's credential if it still holds `accessToken` (the API refused it; a page may have left a newer one meanwhile). */
  async forgetRefused(accessToken: string): Promise<void> {
    const tx = (await this.db()).transaction(CREDENTIALS, 'readwrite');
    const stored = v.safeParse(credentialSchema, await tx.store.get('worker'));
    if (stored.success && stored.output.accessToken === accessToken) await tx.store.delete('worker');
    await tx.done;
  }

  close(): void {
    void this.connection?.then((db) => db.close()).catch(() => undefined);
    this.connection = null;
  }
}
