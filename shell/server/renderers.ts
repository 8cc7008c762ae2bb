import { matchRoute, type RegionRequest, type RegionResult } from '@kaloryfer/contracts';
import { Breaker } from './breaker';
import { DEFAULT_CACHE, RenderCache, type CacheOutcome, type RenderCacheOptions } from './render-cache';
import type { RemoteVariant } from '../src/registry/registry';
import type { RegistrySnapshot, ResolvedBuild } from './registry-snapshot';
import type { RegionRenderer } from './render-worker/worker-renderer';
import { followShopRoutes } from './shop-routes';
import { linksIn, warmPathsFor } from './warm-paths';

/** Why a region was left to the browser, as the build's signals count it (api/src/signals). */
export type RegionUnavailableReason = 'failed' | 'late' | 'shed';

export class RegionUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: RegionUnavailableReason = 'failed',
  ) {
    super(message);
  }
}

/** How long a new build may take to load and warm before its snapshot takes traffic anyway. */
const WARM_TIMEOUT_MS = 5000;
/** How long a retired build keeps its thread for renders already under way. */
const RETIRE_AFTER_MS = 10_000;
/** Renders one build may have under way; more would only queue past every budget (load is shed instead). */
const MAX_IN_FLIGHT = 8;
/** A render that has not answered by now never will (a remote stuck in a loop): it is given up for good. */
const HARD_LIMIT_MS = 10_000;

interface Entry {
  renderer: RegionRenderer;
  breaker: Breaker;
  inFlight: number;
}

export interface PoolOptions {
  breaker?: ConstructorParameters<typeof Breaker>[0];
  cache?: RenderCacheOptions;
  maxInFlight?: number;
}

/** A request with the route this page server matches its path to (registered remotes' routes included). */
export function withRoute(request: RegionRequest): RegionRequest {
  const { name, params } = matchRoute(request.path);
  return { ...request, route: { name, params } };
}

/**
 * The server code of every build the registry names, one renderer (thread) per build, each
 * behind its own breaker, time budget and load limit, with a short-lived cache of its answers
 * in front. When the registry changes, the new builds are loaded and warmed — a home page, then
 * one page of each kind it links to — before the new snapshot is used; builds no longer named
 * are retired a little later.
 */
export class RendererPool {
  private readonly renderers = new Map<string, Entry>();
  /** Retired builds' renderers still finishing what they had in hand (ended on close too). */
  private readonly retiring = new Set<RegionRenderer>();
  private readonly cache: RenderCache;
  /** The snapshot the latest `prepare` was called with: only it retires builds (see prepare). */
  private latest: RegistrySnapshot | null = null;

  constructor(
    /** A renderer for a build's server code (the variant names its `ssr` and that code's integrity). */
    private readonly create: (variant: RemoteVariant) => RegionRenderer,
    /** What a new build renders first, before traffic (its home, the footer). */
    private readonly warmRequests: (build: ResolvedBuild, snapshot: RegistrySnapshot) => RegionRequest[],
    private readonly options: PoolOptions = {},
  ) {
    this.cache = new RenderCache(options.cache ?? DEFAULT_CACHE);
  }

  /** Called with each new registry snapshot before it takes traffic. */
  async prepare(snapshot: RegistrySnapshot): Promise<void> {
    this.latest = snapshot;
    // Its registered remotes' routes: the warm paths below are matched against them.
    followShopRoutes(snapshot);
    const builds = snapshot.builds().filter((build) => build.variant.ssr);
    const fresh = builds.filter((build) => !this.renderers.has(build.key));
    for (const build of fresh) {
      this.renderers.set(build.key, { renderer: this.create(build.variant), breaker: new Breaker(this.options.breaker), inFlight: 0 });
    }
    const warm = (async () => {
      // First what every build renders on a home page; then one page of each kind those link to,
      // by the build that owns it (warm-paths.ts).
      const firsts = fresh.map((build) => this.warmRequests(build, snapshot));
      const pages = await Promise.all(fresh.map((build, index) => this.warmWith(build, firsts[index])));
      const links = linksIn(pages.flat());
      await Promise.all(
        fresh.map((build, index) => {
          const first = firsts[index];
          const paths = warmPathsFor(
            build.remote,
            links,
            first.map((request) => request.path),
          );
          return this.warmWith(
            build,
            paths.map((path) => ({ ...first[0], module: './app', path })),
          );
        }),
      );
    })();
    await Promise.race([warm, new Promise((resolve) => setTimeout(resolve, WARM_TIMEOUT_MS).unref())]);
    // Two releases in quick succession prepare side by side. The older one, ending later, must not
    // retire the newer one's builds (it does not name them): only the latest snapshot retires.
    if (this.latest !== snapshot) return;
    const named = new Set(builds.map((build) => build.key));
    for (const [key, { renderer }] of this.renderers) {
      if (named.has(key)) continue;
      this.renderers.delete(key);
      this.retiring.add(renderer);
      setTimeout(() => {
        this.retiring.delete(renderer);
        void renderer.close();
      }, RETIRE_AFTER_MS).unref();
    }
  }

  /** Renders `requests` one after another with a new build; their HTML (a failure is logged, not fatal). */
  private async warmWith(build: ResolvedBuild, requests: RegionRequest[]): Promise<string[]> {
    const htmls: string[] = [];
    for (const request of requests) {
      const entry = this.renderers.get(build.key);
      if (!entry) break; // retired meanwhile by a newer registry: nothing to warm
      try {
        htmls.push((await entry.renderer.render(withRoute(request))).html);
      } catch (error) {
        console.error(
          `[page-server] ${build.variant.name} ${build.variant.version} did not warm up (${request.module} ${request.path}): ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return htmls;
  }

  /**
   * One region of one request, within `budgetMs`. Throws RegionUnavailable when the build has
   * no server code, its breaker is open, it is busy, it fails or it is late; the caller renders
   * the fallback. A late render still finishes and serves the requests after it (cache). `seen`
   * is told how the cache answered (not called when the build was not asked at all).
   */
  async render(build: ResolvedBuild, request: RegionRequest, budgetMs: number, seen?: (outcome: CacheOutcome) => void): Promise<RegionResult> {
    const entry = this.renderers.get(build.key);
    if (!entry) throw new RegionUnavailable(`${build.variant.name} has no server render`, 'shed');
    if (!entry.breaker.allows()) throw new RegionUnavailable(`${build.variant.name}: breaker open after repeated failures`, 'shed');
    const work = this.cache.get(
      RenderCache.keyOf(build.key, request),
      async () => {
        if (entry.inFlight >= (this.options.maxInFlight ?? MAX_IN_FLIGHT)) throw new Busy(`${build.variant.name} is busy: ${entry.inFlight} renders under way`);
        entry.inFlight += 1;
        let hardTimer: ReturnType<typeof setTimeout> | undefined;
        const stuck = new Promise<never>((_, reject) => {
          hardTimer = setTimeout(() => reject(new Error(`no answer in ${HARD_LIMIT_MS} ms`)), HARD_LIMIT_MS);
          hardTimer.unref?.();
        });
        try {
          return await Promise.race([entry.renderer.render(request), stuck]);
        } finally {
          clearTimeout(hardTimer);
          entry.inFlight -= 1;
        }
      },
      seen,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RegionUnavailable(`${build.variant.name} took longer than ${budgetMs} ms`, 'late')), budgetMs);
    });
    try {
      const result = await Promise.race([work, late]);
      entry.breaker.succeeded();
      return result;
    } catch (error) {
      work.catch(() => undefined); // a late render's outcome is the cache's
      if (error instanceof Busy) throw new RegionUnavailable(error.message, 'shed'); // shed load: not the remote's failure
      entry.breaker.failed();
      throw error instanceof RegionUnavailable
        ? error
        : new RegionUnavailable(`${build.variant.name} failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      clearTimeout(timer);
    }
  }

  breakerState(build: ResolvedBuild): Breaker['state'] | null {
    return this.renderers.get(build.key)?.breaker.state ?? null;
  }

  async close(): Promise<void> {
    await Promise.all([...[...this.renderers.values()].map(({ renderer }) => renderer), ...this.retiring].map((renderer) => renderer.close()));
    this.renderers.clear();
    this.retiring.clear();
    this.cache.clear();
  }
}

class Busy extends Error {}
