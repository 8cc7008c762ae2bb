import type { Product } from '@kaloryfer/api-contract';
import { importCatalog } from '../src/catalog/import/apply-import';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { catalogueTables } from './import-helpers';

/**
 * The import holds the product documents of one slice at a time (import-state.ts, issue #49):
 * a file whose products span many slices — a configurable's variants far apart in the file, a
 * product moved between categories — must write exactly what one slice writes. Two shops from
 * the same seed take the same file at the same moment, one in slices of 2 products read again
 * from the database as a large file's are, one whole from the check's read;
 * their tables must end equal, byte for byte.
 */
let sliced: TestServer;
let whole: TestServer;

beforeAll(async () => {
  [sliced, whole] = await Promise.all([startTestServer({ seed: TEST_SEED }), startTestServer({ seed: TEST_SEED })]);
});
afterAll(async () => {
  await sliced?.close();
  await whole?.close();
});

test('an import in slices of 2 products writes what one slice writes: documents, stock, price history, category counts', async () => {
  const products = sliced.app.catalog.products;
  const configurables = products
    .filter((product) => (product.configurable_children?.length ?? 0) >= 2 && product.configurable_children!.every((child) => !child.special_price))
    .slice(0, 4);
  const simples = products.filter((product) => product.type_id === 'simple' && product.visibility === 4 && product.special_price === null).slice(0, 6);
  expect(configurables).toHaveLength(4);
  expect(simples).toHaveLength(6);
  const variantRows = configurables.flatMap((product) =>
    product.configurable_children!.map((child, index) => ({ sku: child.sku, price: 400 + index * 10 + (product.id % 7), qty: 5 + index })),
  );
  const simpleRows = simples.map((product, index) => ({
    sku: product.sku,
    price: Math.round(product.price * 1.23 * 0.9) + 0.99,
    qty: 20 + index,
    ...(index === 0 ? { name: 'Grzejnik łazienkowy po imporcie' } : {}),
    ...(index === 1 ? { category: 'grzejniki-drabinkowe' } : {}),
  }));
  // A configurable's variants far apart in the file: every other row is another product's.
  const rows = variantRows.flatMap((row, index) => (index < simpleRows.length ? [row, simpleRows[index]] : [row]));
  const file = JSON.stringify(rows);
  const now = new Date(`${TEST_SEED.today}T10:15:00.000Z`);

  const [inSlices, inOne] = [
    await importCatalog(sliced.db, file, { format: 'json', now, productsPerSlice: 2, rereadDocuments: true }),
    await importCatalog(whole.db, file, { format: 'json', now }),
  ];
  if (!inSlices.ok || !inOne.ok) throw new Error(`refused: ${JSON.stringify(inSlices.ok ? inOne : inSlices)}`);
  expect({ ...inSlices.report, ms: 0 }).toEqual({ ...inOne.report, ms: 0 });
  expect(inSlices.report).toMatchObject({ rows: rows.length, pricesChanged: rows.length, detailsChanged: 2 });
  expect([...inSlices.changed.skus].sort()).toEqual([...inOne.changed.skus].sort());
  expect(await catalogueTables(sliced)).toEqual(await catalogueTables(whole));

  // And what they both say: each configurable's own price is its cheapest variant's new one.
  const stored = await sliced.db.kysely
    .selectFrom('product')
    .select(['id', 'doc'])
    .where(
      'id',
      'in',
      configurables.map((product) => product.id),
    )
    .execute();
  for (const row of stored) {
    const doc = JSON.parse(row.doc) as Product;
    const prices = variantRows.filter((variant) => doc.configurable_children!.some((child) => child.sku === variant.sku)).map((variant) => variant.price);
    expect(doc.price).toBe(Math.min(...prices));
  }
});
