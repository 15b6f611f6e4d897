/** The part of the Web Storage API the app uses; tests pass a Map-backed stand-in. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory storage, for tests and for browsers that refuse localStorage (private modes). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

let fallback: KeyValueStorage | undefined;

/**
 * Whether the page may write to this storage (private modes refuse), found out once per storage
 * object: the answer does not change while the page runs, and the probe is a write, which screens
 * asked for on every draw.
 */
const writable = new WeakMap<Storage, boolean>();
function usable(storage: Storage): boolean {
  let ok = writable.get(storage);
  if (ok === undefined) {
    try {
      const probe = '__petti_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      ok = true;
    } catch {
      ok = false;
    }
    writable.set(storage, ok);
  }
  return ok;
}

/** `localStorage` when it works, else a per-tab memory storage (reading it can throw in some browsers). */
export function localStore(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage !== undefined && usable(storage)) return storage;
  } catch {
    // fall through to memory
  }
  fallback ??= memoryStorage();
  return fallback;
}

/** Reads a key, treating a storage that throws as empty. */
export function readItem(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

let sessionFallback: KeyValueStorage | undefined;

/** `sessionStorage` (this tab only, survives a reload) when it works, else a per-page memory storage. */
export function sessionStore(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage !== undefined && usable(storage)) return storage;
  } catch {
    // fall through to memory
  }
  sessionFallback ??= memoryStorage();
  return sessionFallback;
}
