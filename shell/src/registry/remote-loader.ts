import { majorOf, type RemoteName } from '@kaloryfer/contracts';
import type { Assignment } from './ab-assignment';
import { isABTested, type Registry, type RemoteVariant } from './registry';
import { spendFailedPreloads } from './failed-preloads';

/** The two Module Federation runtime calls the loader needs (a seam for unit tests). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export type LoaderEvent =
  | { event: 'mfe_refused'; remote: RemoteName; variant: string; reason: string }
  | { event: 'mfe_fallback'; remote: RemoteName; from: string; to: string; reason: string };

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
  ) {
    super(`remote ${remote} is unavailable: ${reason}`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads exposed modules of remotes: the assigned variant first, then the control variant.
 * A variant built against another contracts major is refused before any byte is fetched.
 * Once a variant has served a module, the remote sticks to it for the life of the page so
 * a region and its widgets never mix two builds.
 */
export class RemoteLoader {
  private readonly settled = new Map<RemoteName, RemoteVariant>();
  /** The build of each remote last asked for: the one a failure belongs to. */
  private readonly tried = new Map<RemoteName, RemoteVariant>();
  private readonly failed = new Set<string>();
  /** Builds that loaded but threw while mounting: skipped while another candidate remains. */
  private readonly broken = new Set<string>();
  private retries = 0;

  constructor(
    private readonly registry: Registry,
    private readonly assignments: Assignment[],
    private readonly runtime: FederationRuntime,
    private readonly shellContracts: string,
    private readonly report: (event: LoaderEvent) => void = () => undefined,
  ) {
    const remotes = Object.values(registry.remotes).flatMap((entry) => entry?.variants ?? []);
    runtime.registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
  }

  /** Variants to try, in order; incompatible ones are refused and reported. */
  candidates(remote: RemoteName): RemoteVariant[] {
    const entry = this.registry.remotes[remote];
    if (!entry) return [];
    const assigned = this.assignments.find((a) => a.remote === remote)?.variant ?? entry.control;
    const ordered = [assigned, entry.control]
      .filter((id, index, all) => all.indexOf(id) === index)
      .map((id) => entry.variants.find((variant) => variant.id === id))
      .filter((variant): variant is RemoteVariant => variant !== undefined);
    const compatible = ordered.filter((variant) => {
      if (majorOf(variant.contracts) === majorOf(this.shellContracts)) return true;
      this.report({
        event: 'mfe_refused',
        remote,
        variant: variant.id,
        reason: `contracts ${variant.contracts} is incompatible with the shell's ${this.shellContracts}`,
      });
      return false;
    });
    const working = compatible.filter((variant) => !this.broken.has(variant.name));
    return working.length > 0 ? working : compatible;
  }

  async load<T>(remote: RemoteName, exposed: string): Promise<T> {
    const settled = this.settled.get(remote);
    const candidates = settled ? [settled] : this.candidates(remote);
    let lastReason = 'not in the registry';
    for (const [index, variant] of candidates.entries()) {
      if (this.failed.has(variant.name)) {
        // A build that failed before is fetched afresh (a retry after an outage), under an address
        // the runtime has not seen: it remembers a failed entry script by its URL.
        this.retries += 1;
        const entry = `${variant.entry}${variant.entry.includes('?') ? '&' : '?'}retry=${this.retries}`;
        this.runtime.registerRemotes([{ name: variant.name, entry }], { force: true });
        this.failed.delete(variant.name);
      }
      this.tried.set(remote, variant);
      try {
        const id = `${variant.name}/${exposed.replace(/^\.\//, '')}`;
        const module = await withTimeout(this.runtime.loadRemote<T>(id), this.registry.timeoutMs, id);
        if (!module) throw new Error(`${id} resolved to nothing`);
        this.settled.set(remote, variant);
        return module;
      } catch (error) {
        lastReason = error instanceof Error ? error.message : String(error);
        this.failed.add(variant.name);
        if (globalThis.document) spendFailedPreloads(variant.entry);
        const next = candidates[index + 1];
        if (next) this.report({ event: 'mfe_fallback', remote, from: variant.id, to: next.id, reason: lastReason });
      }
    }
    throw new RemoteUnavailableError(remote, lastReason);
  }

  /** Whether a module of this remote has loaded on the page (its code runs: its owners started). */
  hasLoaded(remote: RemoteName): boolean {
    return this.settled.has(remote);
  }

  /**
   * The settled build loaded but failed to mount: forget it so the next load tries the next
   * candidate. Returns whether another candidate is left to try.
   */
  markBroken(remote: RemoteName): boolean {
    const variant = this.settled.get(remote);
    if (!variant) return false;
    this.settled.delete(remote);
    this.broken.add(variant.name);
    const next = this.candidates(remote).find((candidate) => !this.broken.has(candidate.name));
    if (next) {
      this.report({ event: 'mfe_fallback', remote, from: variant.id, to: next.id, reason: 'mount failed' });
      return true;
    }
    return false;
  }

  /** The shopper pressed retry: every build of the remote gets a fresh chance. */
  reset(remote: RemoteName): void {
    this.settled.delete(remote);
    for (const variant of this.registry.remotes[remote]?.variants ?? []) this.broken.delete(variant.name);
  }

  variantOf(remote: RemoteName): RemoteVariant | undefined {
    return this.settled.get(remote);
  }

  /** The build of `remote` last loaded or tried (the one a failure to load or mount is counted against). */
  lastTried(remote: RemoteName): RemoteVariant | undefined {
    return this.settled.get(remote) ?? this.tried.get(remote);
  }

  /**
   * Whether the remote runs an A/B test (registry.ts isABTested): its renders are exposures.
   */
  isTested(remote: RemoteName): boolean {
    return isABTested(this.registry.remotes[remote]);
  }
}
