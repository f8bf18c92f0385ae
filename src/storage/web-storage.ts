/**
 * A Web Storage area (localStorage or sessionStorage) that never throws: browsers that block site
 * data throw on the first access ("Access is denied for this document"), so a blocked area reads as
 * empty and forgets what it is given. storage/local.ts and storage/tab.ts are its only users.
 */
export function webStorage(area: () => Storage | null | undefined) {
  const backend = (): Storage | null => {
    try {
      return area() ?? null;
    } catch {
      return null; // access denied (storage blocked by policy or privacy settings, sandboxed frame)
    }
  };
  return {
    backend,
    get(name: string): string | null {
      try {
        return backend()?.getItem(name) ?? null;
      } catch {
        return null;
      }
    },
    /** False when the value could not be kept (full or blocked). */
    set(name: string, value: string): boolean {
      try {
        const storage = backend();
        storage?.setItem(name, value);
        return storage !== null;
      } catch {
        return false;
      }
    },
    remove(name: string): void {
      try {
        backend()?.removeItem(name);
      } catch {
        // blocked: nothing stored could be read either
      }
    },
  };
}
