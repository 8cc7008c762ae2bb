import { CONTRACTS_VERSION } from '@kaloryfer/contracts/meta';
import { shellShareScope, shellSurface } from './gate/shell-side';
import type { ServerRenderCheck } from './gate/release-gate';
import type { Db } from '../db/database';
import type { Experiments } from '../experiments';
import { unencapsulated } from '../http/unencapsulated';
import type { Signals } from '../signals';
import { CanaryController, type CanaryMetrics } from './canary/canary-controller';
import { Overrides } from './overrides';
import { DEFAULT_THRESHOLDS, type CanaryThresholds } from '../config';
import { BuildFileCache } from './build-file-cache';
import { buildFileRoutes } from './build-file-routes';
import { LiveRegistry } from './live-registry';
import { Releases } from './releases';
import { registryRoutes } from './registry-routes';
import { RegistryStore } from './registry-store';
import { RegistryTokens } from './registry-tokens';
import { ShopRemotes } from './shop-remotes';

/** The remote registry of this instance (docs/releasing.md). */
export interface MfeRegistry {
  store: RegistryStore;
  /** What this instance serves now; follows every change on any instance. */
  live: LiveRegistry;
  releases: Releases;
  tokens: RegistryTokens;
  /** The shop's remotes: the built-in five and those an operator registered. */
  remotes: ShopRemotes;
  /** Judges the running canaries (tests call `tick()` rather than wait for it). */
  canaries: CanaryController;
  /** The builds' files in this instance's memory, checked against their hashes (tests call `sample()` rather than wait for it). */
  files: BuildFileCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The remote registry: live builds, releases and tokens (api/src/registry). */
    mfeRegistry: MfeRegistry;
    /** Reads the signed overrides teams' links set (api/src/registry/overrides.ts). */
    overrides: Overrides;
  }
}

interface RegistryOptions {
  db: Db;
  /** Signs the overrides. */
  tokenSecret: Buffer;
  /** Read for the A/B report of a remote's variants. */
  experiments: Experiments;
  /** What the canaries are judged by. */
  signals: Signals;
  publicOrigin: string;
  /** The shell's build folder: its share-scope.json says which singletons every page shares. */
  shellDist?: string;
  /** The page server's server-render check (the composition root hands it in); none: the gate skips it. */
  serverRender?: ServerRenderCheck;
  thresholds?: CanaryThresholds;
  clock?: () => Date;
  /**
   * Counts the stored files found not to match their hash, and the canary judge's decisions and
   * running canaries (/metrics: app.ts hands the shop's metrics).
   */
  metrics?: { fileMismatch(remote: string): void } & CanaryMetrics;
}

/**
 * The remote registry on this instance (`app.mfeRegistry`): its API for teams and operators
 * (/registry/v1), the builds' files for browsers (/mfe/…), and the live registry the page server
 * composes pages from. Started with the server (the live rows are read, and on PostgreSQL every
 * change is heard); the gate gets the page server's server-render check at construction. And `app.overrides`: one browser loads another build for a
 * while (docs/releasing.md, "Overrides").
 */
export const registryPlugin = unencapsulated<RegistryOptions>(async function registryPlugin(
  app,
  { db, tokenSecret, experiments, signals, publicOrigin, shellDist, serverRender, thresholds = DEFAULT_THRESHOLDS, clock = () => new Date(), metrics },
) {
  const overrides = new Overrides(tokenSecret);
  app.decorate('overrides', overrides);
  const store = new RegistryStore(db);
  const live = new LiveRegistry(store, db, (message) => app.log.warn(message));
  const releases = new Releases(store, live, {
    shellContracts: CONTRACTS_VERSION,
    shellSurface: shellSurface(),
    shellShared: () => (shellDist ? shellShareScope(shellDist) : null),
    serverRender,
  });
  const tokens = new RegistryTokens(db);
  const remotes = new ShopRemotes(store, live, clock);
  // Canaries are judged on every instance (the first to act on a step wins): docs/releasing.md, "Canaries".
  const canaries = new CanaryController(store, releases, signals, clock, { thresholds, log: (message) => app.log.warn(message), metrics });
  // A stored file that no longer matches the hash it was published with is answered 503, logged and counted (docs/releasing.md).
  const files = new BuildFileCache(store, {
    mismatch: (mismatch) => {
      app.log.error(
        { registryFile: mismatch },
        `registry: ${mismatch.remote} build ${mismatch.build.slice(0, 16)} ${mismatch.path}: stored bytes do not match the hash it was published with (${mismatch.check} expected ${mismatch.expected}, got ${mismatch.actual}); answering 503`,
      );
      metrics?.fileMismatch(mismatch.remote);
    },
    log: (message) => app.log.warn(message),
  });
  const registry: MfeRegistry = { store, live, releases, tokens, remotes, canaries, files };
  app.decorate('mfeRegistry', registry);
  await live.reload();
  app.addHook('onReady', async () => live.start());
  app.addHook('onClose', async () => live.stop());
  app.addHook('onReady', async () => canaries.start());
  app.addHook('onClose', async () => canaries.stop());
  app.addHook('onReady', async () => files.start());
  app.addHook('onClose', async () => files.stop());
  await app.register(registryRoutes, { releases, remotes, tokens, experiments, signals, store, overrides, publicOrigin });
  await app.register(buildFileRoutes, { files });
});
