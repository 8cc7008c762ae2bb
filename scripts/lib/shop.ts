import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { installPageServer } from '../../shell/server/page-server';
import { loadConfig, REMOTES, REPO_ROOT, remoteOrigin, remotePort, shopUrl, type Config, type Remote } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/database';
import { migrateToLatest } from '../../api/src/db/migrate';
import { DEFAULT_SEED, hasCatalog, seedCatalog } from '../../api/src/seed/catalog-seed';
import { cdnDir, distFoldersOf, publishBuild, readBuildInfo, releaseFolder } from './publish';
import { buildsOf, readRegistry, rebaseOrigins, registryPath, writeJsonAtomic } from './registry-file';
import { startRemoteOrigin } from './remote-origin';

export const WORKSPACES: Record<Remote | 'shell', string> = {
  shell: 'shell',
  catalog: 'mfe-catalog',
  cart: 'mfe-cart',
  checkout: 'mfe-checkout',
  account: 'mfe-account',
  content: 'mfe-content',
};

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

/**
 * Publishes each remote whose registry entry is missing or points at a folder that is gone.
 * Releases an operator made are kept; the origins follow this run's ports.
 */
export function publishMissing(config: Config, log: (line: string) => void): void {
  for (const remote of REMOTES) {
    const entry = readRegistry(config.varDir).remotes[remote];
    const folders = entry ? buildsOf(entry).map((build) => new URL(build.entry).pathname.split('/')[1]) : [];
    const present = folders.length > 0 && folders.every((folder) => fs.existsSync(path.join(cdnDir(config.varDir, remote), folder)));
    if (present) continue;
    for (const distDir of distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote]))) {
      publishBuild({ varDir: config.varDir, distDir, origin: remoteOrigin(config, remote) });
      log(`published ${remote} ${releaseFolder(readBuildInfo(distDir))}`);
    }
  }
  const registry = readRegistry(config.varDir);
  writeJsonAtomic(
    registryPath(config.varDir),
    rebaseOrigins(registry, (remote) => remoteOrigin(config, remote as Remote)),
  );
}

/** The address this machine reaches a server on, for a host it listens on (a wildcard: loopback). */
function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

export interface RunningShop {
  url: string;
  /** Page regions rendered on the server, and left to the browser (a remote failed or was late), since start. */
  regions(): { rendered: number; fallback: number };
  close(): Promise<void>;
}

/** The whole shop on one machine: API + shell on PORT, each remote on its own origin. */
export async function startShop(config: Config = loadConfig(), log: (line: string) => void = console.log): Promise<RunningShop> {
  buildMissing(log);
  publishMissing(config, log);
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
    varDir: config.varDir,
    apiOrigin,
    publicOrigin: config.publicOrigin,
    serverRender: config.serverRender,
    renderCacheMs: config.renderCacheMs,
  });
  const origins: http.Server[] = [];
  for (const remote of REMOTES) {
    const root = cdnDir(config.varDir, remote);
    fs.mkdirSync(root, { recursive: true });
    origins.push(await startRemoteOrigin(root, config.host, remotePort(config, remote)));
  }
  await app.listen({ host: config.host, port: config.port });
  // The remotes' server builds are loaded from their origins and warmed (they call the API).
  await pages.warm();
  return {
    url: shopUrl(config),
    regions: pages.regions,
    close: async () => {
      await Promise.all(origins.map((server) => new Promise((resolve) => server.close(resolve))));
      await pages.close();
      await app.close();
      await db.close();
    },
  };
}
