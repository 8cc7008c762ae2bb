import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { Catalog } from '../src/catalog/catalog';
import { CatalogSync } from '../src/catalog/catalog-sync';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { MemorySearchEngine } from '../src/search/memory/memory-engine';
import { parseSearch } from '../src/search/query-parser';
import { seedCatalog } from '../src/seed/catalog-seed';

/**
 * tsx api/bench/catalog-change-bench.ts [--products 20000] [--changed 10000]: the CPU one instance
 * spends applying a price change to N products from the change log (incremental) against a full
 * reload of the same catalogue, on a SQLite file (the apply code is the same on PostgreSQL; only
 * the log is read differently). A price import's shape: one transaction updating the products'
 * documents and adding a price history row each. Prints, never asserts.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const PRODUCTS = option('--products', 20_000);
const CHANGED = option('--changed', 10_000);
const TODAY = '2026-11-21';

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-change-bench-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'shop.sqlite')}`);
  try {
    await migrateToLatest(db);
    let started = Date.now();
    await seedCatalog(db, { products: PRODUCTS, seed: 2026, today: TODAY, withHistory: false });
    console.log(`${PRODUCTS.toLocaleString('en')} products seeded in ${Date.now() - started} ms`);
    const engine = new MemorySearchEngine();
    const catalog = new Catalog(db, engine, () => new Date(`${TODAY}T12:00:00Z`));
    let cpu = process.cpuUsage();
    started = Date.now();
    await catalog.refresh();
    console.log(`full load: ${cpuMs(cpu).toFixed(0)} ms CPU, ${Date.now() - started} ms wall (${catalog.products.length} products)`);
    const sync = new CatalogSync(db, catalog, { intervalMs: 3_600_000 });
    const listing = parseSearch({ type: 'product', query: { _availableFilters: ['color', 'price'] }, sort: 'price:asc', size: 20 });
    await engine.search(listing); // a sort order and facets cached, as on a live instance

    const simple = catalog.products.filter((product: Product) => product.type_id === 'simple').slice(0, CHANGED);
    started = Date.now();
    await db.kysely.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('product')
        .select(['sku', 'doc'])
        .where(
          'sku',
          'in',
          simple.map((product) => product.sku),
        )
        .execute();
      for (const row of rows) {
        const doc = JSON.parse(row.doc) as Product;
        await trx
          .updateTable('product')
          .set({ doc: JSON.stringify({ ...doc, price: Math.round(doc.price * 0.9 * 100) / 100 }) })
          .where('sku', '=', row.sku)
          .execute();
      }
      for (let at = 0; at < simple.length; at += 500) {
        await trx
          .insertInto('price_history')
          .values(simple.slice(at, at + 500).map((product) => ({ sku: product.sku, valid_from: TODAY, price_incl_tax: product.price })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    });
    console.log(`${simple.length.toLocaleString('en')} prices changed in one transaction in ${Date.now() - started} ms`);

    cpu = process.cpuUsage();
    started = Date.now();
    const changed = await sync.syncOnce();
    const incremental = cpuMs(cpu);
    console.log(
      `incremental apply: ${incremental.toFixed(0)} ms CPU, ${Date.now() - started} ms wall (${changed} products; stats ${JSON.stringify(catalog.stats)}, engine ${JSON.stringify(engine.counts)})`,
    );
    cpu = process.cpuUsage();
    started = Date.now();
    await engine.search(listing);
    console.log(`first listing sorted by price after it: ${cpuMs(cpu).toFixed(1)} ms CPU (the price order rebuilt lazily)`);

    cpu = process.cpuUsage();
    started = Date.now();
    await catalog.refresh();
    const full = cpuMs(cpu);
    console.log(`full reload: ${full.toFixed(0)} ms CPU, ${Date.now() - started} ms wall`);
    console.log(`incremental / full: ${((incremental / full) * 100).toFixed(0)} %`);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
