/**
 * Scroll restoration: every history entry has a key (in history.state); the scroll position
 * is saved under it when the shopper leaves. Back/forward restores it; any other path change
 * scrolls to the top; a hash scrolls to its target.
 */
export interface ScrollStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'kaloryfer.scroll';
const MAX_ENTRIES = 50;

export class ScrollMemory {
  constructor(private readonly storage: ScrollStorage) {}

  private read(): [string, number][] {
    try {
      const parsed: unknown = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as [string, number][]) : [];
    } catch {
      return [];
    }
  }

  save(key: string, y: number): void {
    const entries = this.read().filter(([k]) => k !== key);
    entries.push([key, Math.max(0, Math.round(y))]);
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    } catch {
      // quota or privacy mode: losing a scroll position is acceptable
    }
  }

  position(key: string): number | null {
    return this.read().find(([k]) => k === key)?.[1] ?? null;
  }
}

export type ScrollTarget = { kind: 'position'; y: number } | { kind: 'hash'; id: string } | { kind: 'top' } | { kind: 'stay' };

/** What to do after a route change. */
export function scrollTargetFor(change: { isBack: boolean; savedY: number | null; hash: string; pathChanged: boolean }): ScrollTarget {
  if (change.isBack && change.savedY !== null) return { kind: 'position', y: change.savedY };
  if (change.hash.length > 1) return { kind: 'hash', id: decodeURIComponent(change.hash.slice(1)) };
  if (change.pathChanged) return { kind: 'top' };
  return { kind: 'stay' };
}
