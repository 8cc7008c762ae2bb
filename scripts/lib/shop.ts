import fs from 'node:fs';
import path from 'node:path';
import { humanLogStream } from '../../api/public/app';
import { shopUrl } from '../../api/public/config';
import { openDatabase, migrateToLatest } from '../../api/public/database';
import { DEFAULT_SEED, hasCatalog, seedCatalog } from '../../api/public/catalog';
import { composeShop } from '../../composition/compose-shop';
import { loadShopSettings, type ShopSettings } from '../../composition/shop-settings';
import { REPO_ROOT } from './repo-root';
import { buildWorkspace, distFoldersOf, ensureOperatorToken, operatorTokenFile, releaseMissingBuilds, WORKSPACES } from './local-builds';
import { registryClient } from './registry-client';

export { WORKSPACES } from './local-builds';

function isBuilt(workspace: string): boolean {
  const dir = path.join(REPO_ROOT, workspace);
  if (workspace === 'shell') return fs.existsSync(path.join(dir, 'dist', 'index.html'));
  return distFoldersOf(dir).length > 0;
}

/** Builds the shell and any remote that has no build yet ("built shell (14.2 s)" per workspace). */
export function buildMissing(log: (line: string) => void): void {
  for (const workspace of Object.values(WORKSPACES)) if (!isBuilt(workspace)) buildWorkspace(workspace, log);
}

/** The address this machine reaches a server on, for a host it listens on (a wildcard: loopback). */
export function loopbackHost(host: string): string {
  return host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
}

/**
 * `sqlite:/…/var/kaloryfer.sqlite` → `SQLite var/kaloryfer.sqlite`; a PostgreSQL URL without its
 * password — its host, or the socket folder of one without (`postgres://user@/db?host=/run/…`,
 * which the WHATWG URL parser refuses).
 */
function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const relative = path.relative(process.cwd(), file);
    return `SQLite ${relative && !relative.startsWith('..') ? relative : file}`;
  }
  const match = /^postgres(?:ql)?:\/\/(?:[^@/]*@)?([^/?]*)(\/[^?]*)?(?:\?(.*))?$/.exec(url);
  if (!match) return 'PostgreSQL';
  const socket = new URLSearchParams(match[3] ?? '').get('host');
  return `PostgreSQL ${match[1] || (socket ? `socket ${socket}` : 'localhost')}${match[2] ?? ''}`;
}

export interface RunningShop {
  url: string;
  /** The URL this machine reaches the shop on (loopback, for a wildcard HOST): what the commands are told (shop-record.ts). */
  localUrl: string;
  /** The operator token's file in VAR_DIR, issued for `localUrl`. */
  tokenFile: string;
  /** What started, for the few lines `npm start` prints: the database, the catalogue's size, the live build of each remote. */
  summary: { database: string; products: number; categories: number; remotes: string[] };
  /** Page regions rendered on the server, and left to the browser (a remote failed or was late), since start. */
  regions(): { rendered: number; fallback: number };
  close(): Promise<void>;
}

/**
 * The whole shop on one machine: API, registry and page server on PORT. Every remote's files are
 * served by this server from the registry (/mfe/…); a remote the registry serves nothing of yet
 * gets this checkout's build, released over the registry's API through the release gate.
 */
export async function startShop(config: ShopSettings = loadShopSettings(), log: (line: string) => void = console.log): Promise<RunningShop> {
  buildMissing(log);
  const db = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log(`database: applied ${applied.length === 1 ? applied[0] : `${applied.length} migrations, ${applied[0]} … ${applied.at(-1)}`}`);
  if (!(await hasCatalog(db))) {
    const seeded = await seedCatalog(db, DEFAULT_SEED);
    log(`database: seeded ${seeded.products} products (${seeded.skus} SKUs); npm run seed regenerates them`);
  }
  // A person watches this shop: request lines at LOG_LEVEL=debug only, and readable on a terminal.
  const terminal = process.stdout.isTTY === true;
  const apiOrigin = `http://${loopbackHost(config.host)}:${config.port}`;
  const { app, pages } = await composeShop({
    settings: config,
    db,
    apiOrigin,
    requestLog: 'debug',
    logStream: terminal ? humanLogStream(process.stdout, { color: !process.env.NO_COLOR }) : undefined,
  });
  await app.listen({ host: config.host, port: config.port });
  const tokenFile = operatorTokenFile(config.varDir);
  const token = await ensureOperatorToken(db, tokenFile, 'npm start (this machine)');
  const client = registryClient({ shop: apiOrigin, token });
  await releaseMissingBuilds(client, log);
  // The remotes' server builds are loaded and warmed (they call the API).
  await pages.warm();
  const live = (await client.status()).remotes.map((entry) =>
    entry.variants.length === 0
      ? `${entry.remote} (nothing live)`
      : `${entry.remote} ${entry.variants.map((variant) => `${variant.variant === 'default' ? '' : `${variant.variant} `}${variant.version}`).join(', ')}`,
  );
  return {
    url: shopUrl(config),
    localUrl: `${apiOrigin}/`,
    tokenFile,
    summary: {
      database: describeDatabase(config.databaseUrl),
      products: app.catalog.products.length,
      categories: app.catalog.categories.length,
      remotes: live,
    },
    regions: pages.regions,
    close: async () => {
      await pages.close();
      await app.close();
      await db.close();
    },
  };
}
