import type { RegionRequest, RegionResult } from '@kaloryfer/contracts';

export interface RenderCacheOptions {
  /** An answer younger than this is served as it is. */
  freshMs: number;
  /** Older, up to this age, it is served while a new render runs in the background. */
  staleMs: number;
  /** Least recently used answers leave beyond this many. */
  maxEntries: number;
}

export const DEFAULT_CACHE: RenderCacheOptions = { freshMs: 5_000, staleMs: 30_000, maxEntries: 1_000 };

/**
 * How the cache answered one request (the region's span says it: shell/server/compose-page.ts):
 * `hit` a fresh answer, `stale` an older one while a new render runs, `shared` the render another
 * request had started, `miss` a render of its own, `off` a render of its own with the cache off.
 */
export type CacheOutcome = 'hit' | 'stale' | 'shared' | 'miss' | 'off';

interface Entry {
  result: RegionResult;
  at: number;
}

/**
 * A short-lived cache of region renders (docs/rendering.md, "Budgets and fallbacks"). A region's
 * HTML depends only on its build, the module, the address, the language and the first-view
 * cookies — never on who asks (per-shopper parts render in the browser) — so many shoppers
 * looking at one product share one render for a few seconds. Concurrent misses share one render;
 * a stale answer is served while the next render runs; failures are never kept. A release is a
 * new build key, so it never meets an old answer.
 */
export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private readonly running = new Map<string, Promise<RegionResult>>();

  constructor(
    private readonly options: RenderCacheOptions = DEFAULT_CACHE,
    private readonly now: () => number = Date.now,
  ) {}

  static keyOf(buildKey: string, request: RegionRequest): string {
    return JSON.stringify([buildKey, request.module, request.path, request.search, request.language, request.cookies]);
  }

  async get(key: string, render: () => Promise<RegionResult>, seen?: (outcome: CacheOutcome) => void): Promise<RegionResult> {
    if (this.options.freshMs === 0) {
      seen?.('off');
      return render(); // switched off
    }
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.at : Infinity;
    if (entry && age <= this.options.freshMs) {
      seen?.('hit');
      this.touch(key, entry);
      return entry.result;
    }
    if (entry && age <= this.options.staleMs) {
      // Stale: this shopper gets it at once; the next one gets the new render.
      seen?.('stale');
      this.touch(key, entry);
      this.refresh(key, render).catch(() => undefined);
      return entry.result;
    }
    seen?.(this.running.has(key) ? 'shared' : 'miss');
    return this.refresh(key, render);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  private refresh(key: string, render: () => Promise<RegionResult>): Promise<RegionResult> {
    let pending = this.running.get(key);
    if (!pending) {
      pending = render()
        .then((result) => {
          this.entries.delete(key);
          this.entries.set(key, { result, at: this.now() });
          while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          return result;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return pending;
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}
