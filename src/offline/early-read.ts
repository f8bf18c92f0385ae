/**
 * The cache's records read before the app's code has arrived: the boot step (start/frame-first/)
 * begins the read with IndexedDB's own API, and the cache takes it up (cache.ts `readFrom`). On a
 * phone the main thread is busy with the start frame's page while the app's modules arrive; a read
 * begun only by the app would wait behind that work for each of its steps (open, then get), and the
 * start with it. Nothing here may import a library: the boot step stays a few KB.
 */

export const CACHE_DB_NAME = 'staff-portal-cache';
export const CACHE_STORE = 'records';
export const RECORD_NAMES = ['snapshot', 'flags'] as const;
export type RecordName = (typeof RECORD_NAMES)[number];

/**
 * What the early read found: the stored value as it is (validated where the cache takes it), no
 * database or no such record, or a read that failed (the cache then reads the usual way).
 */
export type EarlyRecord = { kind: 'found'; raw: unknown } | { kind: 'absent' } | { kind: 'failed' };

/**
 * Reads one record without creating, upgrading or holding the database: a database that does not exist
 * yet is left for the cache to create with its migrations, and the connection closes after the read
 * (and at once when another tab asks for a newer version). Never rejects.
 */
export function readRecordEarly(name: RecordName, databaseName = CACHE_DB_NAME, factory: () => IDBFactory | undefined = () => globalThis.indexedDB): Promise<EarlyRecord> {
  return new Promise((resolve) => {
    const failed = () => resolve({ kind: 'failed' });
    try {
      // Read here, inside the guard: where storage is denied, even reading `indexedDB` throws.
      const idb = factory();
      if (!idb) return failed();
      const request = idb.open(databaseName);
      let creating = false;
      request.onupgradeneeded = () => {
        // Opened without a version, this only happens when there is no database: do not create one.
        creating = true;
        request.transaction?.abort();
      };
      request.onblocked = failed;
      request.onerror = (event) => {
        event.preventDefault();
        resolve(creating ? { kind: 'absent' } : { kind: 'failed' });
      };
      request.onsuccess = () => {
        const database = request.result;
        database.onversionchange = () => database.close();
        try {
          const get = database.transaction(CACHE_STORE, 'readonly').objectStore(CACHE_STORE).get(name);
          get.onsuccess = () => resolve(get.result === undefined ? { kind: 'absent' } : { kind: 'found', raw: get.result });
          get.onerror = failed;
          get.transaction?.addEventListener('complete', () => database.close());
          get.transaction?.addEventListener('abort', () => database.close());
        } catch {
          // No such store: a database this release did not make. The cache's own read decides.
          database.close();
          failed();
        }
      };
    } catch {
      failed();
    }
  });
}

/** The page's early reads by record name, handed from the boot step's script to the app's. */
const HANDOVER = Symbol.for('staff-portal.early-cache-reads');
type Handover = Partial<Record<RecordName, Promise<EarlyRecord>>>;
const handover = (): Handover => ((globalThis as Record<symbol, Handover | undefined>)[HANDOVER] ??= {});

/** The boot step: begins reading `name` now. Never throws: the boot step must go on to write the app's entry. */
export function beginEarlyRead(name: RecordName): void {
  try {
    handover()[name] = readRecordEarly(name);
  } catch {
    // No early read: the app reads the usual way.
  }
}

/** The app: the early read of `name`, once (a later read, e.g. a retry, reads the database anew); null when none was begun. */
export function takeEarlyRead(name: RecordName): Promise<EarlyRecord> | null {
  const reads = handover();
  const read = reads[name] ?? null;
  delete reads[name];
  return read;
}
