import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { installPageServer } from '../../shell/server/page-server';
import { loadConfig, REPO_ROOT, shopUrl, type Config } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/database';
import { migrateToLatest } from '../../api/src/db/migrate';
import { DEFAULT_SEED, hasCatalog, seedCatalog } from '../../api/src/seed/catalog-seed';
import { distFoldersOf, ensureOperatorToken, operatorTokenFile, releaseMissingBuilds, WORKSPACES } from './local-builds';
import { registryClient } from './registry-client';

export { WORKSPACES } from './local-builds';

function isBuilt(workspace: string): boolean {
  const dir = path.join(REPO_ROOT, workspace);
  if (workspace === 'shell') return fs.existsSync(path.join(dir, 'dist', 'index.html'));
  return distFoldersOf(dir).length > 0;
}

/** Builds the shell and any remote that has no build yet. */
export function buildMissing(log: (line: string) => void): void {
  for (const workspace of Object.values(WORKSPACES)) {
    if (isBuilt(workspace)) continue;
    log(`building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  }
}

/** The address this machine reaches a server on, for a host it listens on (a wildcard: loopback). */
export function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

export interface RunningShop {
  url: string;
  /** Page regions rendered on the server, and left to the browser (a remote failed or was late), since start. */
  regions(): { rendered: number; fallback: number };
  close(): Promise<void>;
}

/**
 * The whole shop on one machine: API, registry and page server on PORT. Every remote's files are
 * served by this server from the registry (/mfe/…); a remote the registry serves nothing of yet
 * gets this checkout's build, released over the registry's API through the release gate.
 */
export async function startShop(config: Config = loadConfig(), log: (line: string) => void = console.log): Promise<RunningShop> {
  buildMissing(log);
  const db = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log(`database: applied ${applied.join(', ')}`);
  if (!(await hasCatalog(db))) {
    const seeded = await seedCatalog(db, DEFAULT_SEED);
    log(`database: seeded ${seeded.products} products (${seeded.skus} SKUs); npm run seed regenerates them`);
  }
  const app = await buildApp({ config, db });
  const apiOrigin = `http://${loopbackHost(config.host)}:${config.port}`;
  const pages = await installPageServer(app, {
    shellDist: config.shellDist,
    registry: app.mfeRegistry.live,
    apiOrigin,
    publicOrigin: config.publicOrigin,
    serverRender: config.serverRender,
    renderCacheMs: config.renderCacheMs,
    experiments: app.experiments.cookie,
    signals: app.signals,
    overrides: app.overrides,
  });
  app.mfeRegistry.releases.gate.serverRender = pages.serverRenderCheck;
  await app.listen({ host: config.host, port: config.port });
  const token = await ensureOperatorToken(db, operatorTokenFile(config.varDir), 'npm start (this machine)');
  await releaseMissingBuilds(registryClient({ shop: apiOrigin, token }), log);
  // The remotes' server builds are loaded and warmed (they call the API).
  await pages.warm();
  return {
    url: shopUrl(config),
    regions: pages.regions,
    close: async () => {
      await pages.close();
      await app.close();
      await db.close();
    },
  };
}
