import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { Workbook } from 'exceljs';
import iconv from 'iconv-lite';
import { importCatalog, type ImportOptions } from '../src/catalog/import/apply-import';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * Supplier files as Polish wholesalers send them, applied to a real catalogue (issue #49,
 * docs/catalogue.md "Importing prices and stock"): a Windows-1250 CSV from Excel with Polish headers, net
 * prices and columns the shop has no field for; an XLSX price list that knows EANs, not the
 * shop's SKUs; an XML feed; and a file with bad rows applied in part on request, its refused
 * rows written back as a file that imports once fixed.
 */
let server: TestServer;
const now = new Date(`${TEST_SEED.today}T12:00:00Z`);

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

const used = new Set<string>();
function simpleProduct(): Product {
  const found = server.app.catalog.products.find(
    (product) =>
      product.type_id === 'simple' &&
      !used.has(product.sku) &&
      product.special_price === null &&
      product.tax_class_id === 2 &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      Boolean(product.gtin),
  )!;
  used.add(found.sku);
  return found;
}

function variant(): ConfigurableChild {
  const parent = server.app.catalog.products.find((product) => product.type_id === 'configurable' && !used.has(product.sku))!;
  used.add(parent.sku);
  return parent.configurable_children!.find((child) => child.special_price === null || child.special_price === undefined)!;
}

async function importFile(bytes: Buffer | string, options: Partial<ImportOptions> = {}) {
  const outcome = await importCatalog(server.db, bytes, { now, ...options });
  if (outcome.ok) await server.app.catalogSync.syncOnce();
  return outcome;
}

const stored = (sku: string) => server.app.catalog.bySkuLookup(sku)!;

test('a Windows-1250 CSV from a Polish Excel: Polish headers, a net price made gross, extra columns ignored and listed', async () => {
  const [first, second] = [simpleProduct(), simpleProduct()];
  const text = [
    'Indeks;Nazwa;Cena netto;Stan;EAN;Producent;Jednostka',
    `${first.sku};Grzejnik łazienkowy Żagiel 500×1200, źródło ciepła;1056,9024;7;${first.gtin};Kaloryfer;szt.`,
    `${second.sku};Zawór kątowy ścienny;73,16;0;${second.gtin};Kaloryfer;szt.`,
  ].join('\r\n');
  const outcome = await importFile(iconv.encode(text, 'win1250'));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  expect(outcome.report).toMatchObject({ format: 'csv', encoding: 'windows-1250', rows: 2, ignoredColumns: ['Producent', 'Jednostka'], rowsRefused: 0 });
  expect(stored(first.sku).product).toMatchObject({ name: 'Grzejnik łazienkowy Żagiel 500×1200, źródło ciepła', price_incl_tax: 1299.99 });
  expect(stored(second.sku).product).toMatchObject({ name: 'Zawór kątowy ścienny', price_incl_tax: 89.99 });
  expect(stored(second.sku).product.stock).toMatchObject({ qty: 0, is_in_stock: false });
});

test("an XLSX price list that knows EANs, not the shop's SKUs: a product's and a variant's EAN find them, an unknown EAN is named", async () => {
  const product = simpleProduct();
  const child = variant();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Cennik hurtowni');
  sheet.addRow(['Kod kreskowy', 'Cena brutto', 'Ilość']);
  sheet.addRow([Number(product.gtin), 777.77, 3]);
  sheet.addRow([child.gtin, 555.55, 4]);
  sheet.addRow(['5909999999993', 10, 1]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const profile = { name: 'hurtownia-ean', columns: {}, match: 'ean' as const };

  const refused = await importFile(bytes, { profile });
  expect(refused).toMatchObject({ ok: false, problems: [{ row: 4, column: 'ean', reason: 'no product has the EAN 5909999999993' }] });

  const outcome = await importFile(bytes, { profile, skipBadRows: true });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  expect(outcome.report).toMatchObject({ format: 'xlsx', rows: 3, pricesChanged: 2, stockChanged: 2, rowsRefused: 1 });
  expect(stored(product.sku).product.price_incl_tax).toBe(777.77);
  expect(stored(child.sku).child).toMatchObject({ sku: child.sku, price_incl_tax: 555.55 });
});

test('a wholesaler XML feed with the record element named by a profile', async () => {
  const product = simpleProduct();
  const xml = iconv.encode(
    `<?xml version="1.0" encoding="windows-1250"?>\n<cennik><pozycja><indeks>${product.sku}</indeks><nazwa>Grzejnik dekoracyjny „Fala”</nazwa><cena_brutto>2 199,00</cena_brutto><stan>5</stan></pozycja></cennik>`,
    'win1250',
  );
  const outcome = await importFile(xml, { profile: { name: 'hurtownia-xml', columns: { cena_brutto: 'price', stan: 'qty' }, xml: { record: 'pozycja' } } });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  expect(outcome.report).toMatchObject({ format: 'xml', encoding: 'windows-1250', rows: 1, pricesChanged: 1, stockChanged: 1, detailsChanged: 1 });
  expect(stored(product.sku).product).toMatchObject({ name: 'Grzejnik dekoracyjny „Fala”', price_incl_tax: 2199 });
});

test('--skip-bad-rows applies the good rows; the refused ones come back as a file that imports once fixed', async () => {
  const [good, bad, other] = [simpleProduct(), simpleProduct(), simpleProduct()];
  const file = ['Symbol;Cena;Stan', `${good.sku};1 234,00;9`, `${bad.sku};dwanaście;4`, `KF-NIE-MA;10;1`, `${other.sku};321;2`].join('\n');

  const all = await importFile(file);
  expect(all).toMatchObject({ ok: false, problems: [{ row: 3 }, { row: 4 }] });
  expect(stored(good.sku).product.price_incl_tax).toBe(good.price_incl_tax);

  const outcome = await importFile(file, { skipBadRows: true });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  expect(outcome.report).toMatchObject({
    rows: 4,
    pricesChanged: 2,
    rowsRefused: 2,
    refused: [
      { row: 3, column: 'price', reason: 'not a number ("dwanaście")' },
      { row: 4, column: 'sku', reason: 'unknown SKU KF-NIE-MA' },
    ],
  });
  expect(stored(good.sku).product.price_incl_tax).toBe(1234);
  expect(stored(other.sku).product.price_incl_tax).toBe(321);
  expect(outcome.refusedCsv).toBe(
    `\uFEFFsku;price;qty;row;problem\r\n${bad.sku};dwanaście;4;3;"price: not a number (""dwanaście"")"\r\nKF-NIE-MA;10;1;4;sku: unknown SKU KF-NIE-MA\r\n`,
  );

  // The operator fixes the price and drops the unknown SKU; the row and problem columns are ignored.
  const fixed = outcome.refusedCsv!.replace('dwanaście;4', '1 200;4').replace(/KF-NIE-MA.*\r\n/, '');
  const again = await importFile(fixed);
  if (!again.ok) throw new Error(JSON.stringify(again.problems));
  expect(again.report).toMatchObject({ rows: 1, pricesChanged: 1, ignoredColumns: ['row', 'problem'] });
  expect(stored(bad.sku).product.price_incl_tax).toBe(1200);
});
