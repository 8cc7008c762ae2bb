import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import pg from 'pg';
import { openDatabase, type Db, migrateToLatest } from '../../../api/public/database';
import { hasCatalog, seedCatalog, type SeedOptions } from '../../../api/public/catalog';
import type { PostgresServer } from '../postgres-server';

const DATABASE_NAME = 'kaloryfer';

/**
 * The database the cluster's own PostgreSQL serves the shop from, created on first use; its URL
 * names the server's Unix socket. Every statement is a round trip, and over loopback TCP each
 * costs both sides a trip through the TCP stack: with 2–3 instances placing orders the socket did
 * 20–30 % more orders/s with a lower p99 (docs/scaling.md, "Third pass"). With a replica the URL
 * lists both servers' sockets, primary first, with `target_session_attrs=read-write`
 * (api/src/db/postgres-hosts.ts): after a failover every instance finds the promoted one.
 */
export async function ensureDatabase(server: PostgresServer, replica: PostgresServer | null = null): Promise<string> {
  const client = new pg.Client(server.url('postgres'));
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await client.query(`create database "${DATABASE_NAME}"`);
  } finally {
    await client.end();
  }
  if (!replica) return server.socketUrl(DATABASE_NAME);
  return bothServersUrl([server, replica]);
}

/** libpq's form for several servers on Unix sockets: `?host=<dir>,<dir>&port=<port>,<port>`. */
function bothServersUrl(servers: PostgresServer[]): string {
  const hosts = servers.map((server) => encodeURIComponent(server.dataDir)).join(',');
  const ports = servers.map((server) => server.port).join(',');
  return `postgres://postgres@/${DATABASE_NAME}?host=${hosts}&port=${ports}&target_session_attrs=read-write`;
}

/** Migrates and seeds once, before any instance starts: instances never race on migrations. */
export async function prepareDatabase(
  url: string,
  seed: SeedOptions,
  prepare: ((db: Db) => Promise<void>) | undefined,
  log: (line: string) => void,
): Promise<void> {
  const db = openDatabase(url);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log(`database: applied ${applied.join(', ')}`);
    if (!(await hasCatalog(db))) {
      const seeded = await seedCatalog(db, seed);
      log(`database: seeded ${seeded.products} products (${seeded.skus} SKUs)`);
    }
    await prepare?.(db);
  } finally {
    await db.close();
  }
}

/**
 * SKUs a test or benchmark can order many times: simple, listed, managed non-volatile stock, no
 * options or tier prices (priced simply). `qty` given: their stock rows are set to it (call it
 * from `prepare`, before the instances load the catalogue).
 */
export async function plainSkus(db: Db, count: number, qty?: number): Promise<string[]> {
  const stock = await db.kysely
    .selectFrom('stock_item')
    .select('sku')
    .where('manage_stock', '=', 1)
    .where('is_volatile', '=', 0)
    .where('is_in_stock', '=', 1)
    .where('parent_sku', 'is', null)
    .execute();
  const managed = new Set(stock.map((row) => row.sku));
  const rows = await db.kysely.selectFrom('product').select(['sku', 'doc']).where('type_id', '=', 'simple').orderBy('id').execute();
  const skus = rows
    .map((row) => JSON.parse(row.doc) as Product)
    .filter((product) => managed.has(product.sku) && isViewable(product) && !product.custom_options && product.tier_prices.length === 0)
    .slice(0, count)
    .map((product) => product.sku);
  if (skus.length < count) throw new Error(`only ${skus.length} plain SKUs in the catalogue, ${count} wanted`);
  if (qty !== undefined) {
    await db.kysely.updateTable('stock_item').set({ qty, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', skus).execute();
  }
  return skus;
}
