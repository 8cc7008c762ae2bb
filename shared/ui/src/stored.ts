/**
 * Local persistence for the atoms an owner keeps across reloads (compare, recently viewed,
 * the guest wishlist, …). Storage can be full or blocked (private mode): then the value lives
 * for this page load only, and reading falls back instead of throwing into a render.
 */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Returns false when the value could not be stored. */
export function writeStored(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
