import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Product } from '@kaloryfer/api-contract';
import { importCatalog } from '../src/catalog/import/apply-import';
import { REPO_ROOT } from '../src/config';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * The round trip (docs/catalogue.md, "The round trip"): `npm run catalog:export` writes the price
 * list in the import's own format, and importing it back changes nothing — `price` means the same
 * gross price on both sides. What the search API calls each of them is pinned here too: its
 * `price` is net, `original_price_incl_tax` is the import's `price`.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

const run = promisify(execFile);

async function exported(format: 'csv' | 'json'): Promise<string> {
  const out = path.join(server.varDir, `cennik.${format}`);
  const { stderr } = await run(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-export.ts'), '--format', format, '--out', out], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: server.db.url, VAR_DIR: server.varDir, LOG_LEVEL: 'silent' },
  });
  expect(stderr).toMatch(new RegExp(`cennik\\.${format}: [\\d,]+ SKUs \\(${format.toUpperCase()}\\)`));
  return fs.readFileSync(out, 'utf8');
}

test.each(['csv', 'json'] as const)(
  'a %s export imported back changes nothing',
  async (format) => {
    const file = await exported(format);
    const outcome = await importCatalog(server.db, file, { now: new Date(`${TEST_SEED.today}T12:00:00Z`), format });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 5)));
    expect(outcome.report.rows).toBeGreaterThan(500);
    expect(outcome.report).toMatchObject({ productsChanged: 0, pricePoints: 0, rowsRefused: 0, ignoredColumns: [] });
    expect(outcome.report.unchanged).toBe(outcome.report.rows);
  },
  60_000,
);

test("the export's price is the gross regular price: the search API's original_price_incl_tax, not its net price", async () => {
  const rows = JSON.parse(await exported('json')) as { sku: string; price: number; special_price: number | null }[];
  const reduced = server.app.catalog.products.find(
    (product) => product.type_id === 'simple' && product.final_price_incl_tax! < product.original_price_incl_tax!,
  )!;
  const regular = server.app.catalog.products.find((product) => product.type_id === 'simple' && product.special_price === null && product.tax_class_id === 2)!;
  for (const product of [reduced, regular]) {
    const response = await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: { _appliedFilters: [{ attribute: 'sku', value: { eq: product.sku } }] },
        _sourceInclude: ['sku', 'price', 'price_incl_tax', 'original_price_incl_tax'],
      }),
    });
    const [found] = ((await response.json()) as { items: Product[] }).items;
    const row = rows.find((candidate) => candidate.sku === product.sku)!;
    expect(row.price).toBe(found.original_price_incl_tax);
    expect(found.price).toBeLessThan(found.price_incl_tax!);
  }
  expect(rows.find((row) => row.sku === reduced.sku)!.special_price).toBe(reduced.final_price_incl_tax);
});
