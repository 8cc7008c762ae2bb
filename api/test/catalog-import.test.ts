import { lowestPriceBefore } from '@kaloryfer/domain';
import type { PricePoint, Product } from '@kaloryfer/api-contract';
import { RegistryTokens } from '../src/registry/registry-tokens';
import { startTestServer, TEST_SEED, TEST_TODAY, type TestServer } from '../harness/test-server';
import { catalogueTables, importAndWait, postImport } from './import-helpers';

/**
 * The catalogue import over HTTP (docs/catalogue.md, "Importing prices and stock"): only an
 * operator may send one; a file with one bad row changes nothing and names the row and column;
 * a price cut keeps the Omnibus 30-day lowest price; stock and details reach product-view,
 * stock checks and the listing's filters as soon as the import's job is done. Each file is sent
 * as a job and waited for (import-helpers.ts); the jobs themselves are catalog-import-jobs.test.ts's.
 */
let server: TestServer;
let operator: string;
let team: string;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  const tokens = new RegistryTokens(server.db);
  operator = (await tokens.create('operator')).token;
  team = (await tokens.create('cart')).token;
});
afterAll(() => server.close());

/** Sends a file and waits for its job: the job's report, or its refusal. */
const send = (body: string, options: { type?: string; query?: string } = {}) => importAndWait(server, body, { token: operator, ...options });

async function get(path: string): Promise<any> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: unknown }).result;
}

const productView = async (sku: string) => (await get(`/api/product-view/${sku}`)) as { product: Product; priceHistory: PricePoint[] };

async function search(filters: unknown[]): Promise<{ total: number; items: Product[] }> {
  const response = await fetch(`${server.baseUrl}/api/catalog/vue_storefront_catalog/product/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: { _appliedFilters: filters },
      size: 10,
      _sourceInclude: ['sku', 'stock', 'final_price_incl_tax', 'lowest_price_30d', 'name'],
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { total: number; items: Product[] };
}
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];
const bySku = (sku: string) => ({ attribute: 'sku', value: { eq: sku } });

/** Listed simple products at their regular price, counted stock: each test takes its own. */
const used = new Set<string>();
function plainProduct(): Product {
  const found = server.app.catalog.products.find(
    (product) =>
      product.type_id === 'simple' &&
      !used.has(product.sku) &&
      product.status === 1 &&
      product.visibility === 4 &&
      product.special_price === null &&
      product.stock.is_in_stock &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      product.stock.qty > 2 &&
      server.app.catalog.priceHistory(product.sku).length > 0,
  )!;
  used.add(found.sku);
  return found;
}

test('only an operator imports: no token 401, another token 401, a team token 403 — each the envelope with the reason', async () => {
  const file = `sku;price\n${plainProduct().sku};10\n`;
  const none = await postImport(server, file, { token: null });
  expect(none).toMatchObject({ status: 401, body: { code: 401, result: expect.stringContaining('need a token') } });
  expect((await postImport(server, file, { token: 'kfr_abcdefabcdef_' + 'x'.repeat(43) })).status).toBe(401);
  const cart = await postImport(server, file, { token: team });
  expect(cart).toMatchObject({ status: 403, body: { code: 403, result: "catalogue imports need an operator's token (this is the cart team's)" } });
  expect((await postImport(server, file, { token: operator, type: 'application/x-www-form-urlencoded' })).status).toBe(415);
  for (const path of ['', '/1', '/profiles']) {
    const response = await fetch(`${server.baseUrl}/api/catalog/import${path}`, { headers: { authorization: `Bearer ${team}` } });
    expect(response.status).toBe(403);
  }
});

test('a file with one bad row changes nothing, and names the row and the column', async () => {
  const [first, second] = [plainProduct(), plainProduct()];
  const before = await catalogueTables(server);
  const file = ['sku;price;qty', `${first.sku};1,00;7`, `${second.sku};dwanaście;7`, `KF-NIE-MA;10;1`].join('\n');
  const job = await send(file);
  expect(job.state).toBe('refused');
  expect(job.report).toBeNull();
  expect(job.refusal).toMatchObject({
    message: expect.stringContaining('the file has 2 problems: nothing was changed'),
    rows: 3,
    problemCount: 2,
    problems: [
      { row: 3, column: 'price', reason: 'not a number ("dwanaście")' },
      { row: 4, column: 'sku', reason: 'unknown SKU KF-NIE-MA' },
    ],
  });
  expect(await catalogueTables(server)).toEqual(before);
  expect((await productView(first.sku)).product.final_price_incl_tax).toBe(first.final_price_incl_tax);
});

test('a price cut keeps the Omnibus history: the special price shows the lowest price of the 30 days before it', async () => {
  const product = plainProduct();
  const regular = product.price_incl_tax!;
  const seeded = server.app.catalog.priceHistory(product.sku);
  const lowestBefore = lowestPriceBefore(seeded, new Date(`${TEST_TODAY}T00:00:00Z`));
  expect(lowestBefore).not.toBeNull();

  // The import's moment: the test server's clock (the price history is dated to it).
  const moment = `${TEST_TODAY}T12:00:00.000Z`;
  // First a cut of the regular price: no reduction is shown, the history records it from the import's moment.
  const cut = Math.round((regular - 10) * 100) / 100;
  const first = await send(`sku,price\n${product.sku},"${String(cut).replace('.', ',')}"\n`);
  expect(first.state).toBe('done');
  expect(first.report).toMatchObject({ rows: 1, productsChanged: 1, pricesChanged: 1, stockChanged: 0, unchanged: 0, pricePoints: 1, dryRun: false });
  let view = await productView(product.sku);
  expect(view.product).toMatchObject({ final_price_incl_tax: cut, original_price_incl_tax: cut, lowest_price_30d: null });
  expect(view.priceHistory.at(-1)).toEqual({ from: moment, price: cut });

  // Then a special price from today: the lowest price is the one of the 30 days before today, not the cut.
  const special = Math.round(regular * 0.8);
  const second = await send(JSON.stringify([{ sku: product.sku, special_price: special }]), { type: 'application/json' });
  expect(second.state).toBe('done');
  view = await productView(product.sku);
  expect(view.product).toMatchObject({
    final_price_incl_tax: special,
    original_price_incl_tax: cut,
    lowest_price_30d: lowestBefore,
    special_from_date: moment,
  });
  // One point a moment: the later import at the same moment replaced the first one's point with the price charged now.
  expect(view.priceHistory.filter((point) => point.from.startsWith(TEST_TODAY))).toEqual([{ from: moment, price: special }]);
  const tile = (await search([bySku(product.sku)])).items[0];
  expect(tile).toMatchObject({ final_price_incl_tax: special, lowest_price_30d: lowestBefore });
});

test('stock from the file reaches product-view, stock checks and the listing filters at once', async () => {
  const product = plainProduct();
  const configurable = server.app.catalog.products.find(
    (candidate) =>
      candidate.type_id === 'configurable' &&
      candidate.visibility === 4 &&
      candidate.status === 1 &&
      candidate.stock.is_in_stock &&
      (candidate.configurable_children ?? []).every((child) => child.status === 1 && child.stock.manage_stock && !child.stock.is_volatile),
  )!;
  const children = configurable.configurable_children!.map((child) => child.sku);
  expect((await search([...LISTED, bySku(product.sku)])).total).toBe(1);
  expect((await search([...LISTED, bySku(configurable.sku)])).total).toBe(1);

  const file = ['sku;qty', `${product.sku};0`, ...children.map((sku) => `${sku};0`)].join('\n');
  const answer = await send(file);
  expect(answer.state).toBe('done');
  expect((answer.report as { stockChanged: number }).stockChanged).toBeGreaterThanOrEqual(1);

  expect((await search([...LISTED, bySku(product.sku)])).total).toBe(0);
  expect((await search([...LISTED, bySku(configurable.sku)])).total).toBe(0);
  expect((await productView(product.sku)).product.stock).toMatchObject({ is_in_stock: false, qty: 0 });
  expect((await productView(configurable.sku)).product.stock.is_in_stock).toBe(false);
  expect(await get(`/api/stock/check?sku=${product.sku}`)).toMatchObject({ is_in_stock: false, qty: 0 });

  const back = await send(`sku;qty;is_in_stock\n${product.sku};25;1\n${children[0]};4;true\n`, { type: 'text/csv; charset=utf-8' });
  expect(back.report).toMatchObject({ stockChanged: 2, pricesChanged: 0 });
  expect((await search([...LISTED, bySku(product.sku)])).items[0].stock).toMatchObject({ is_in_stock: true, qty: 25 });
  expect((await search([...LISTED, bySku(configurable.sku)])).total).toBe(1);
});

test('names, categories and attributes; a dry run and a second import of the same file change nothing', async () => {
  const product = plainProduct();
  const rows = [{ sku: product.sku, name: 'Zawór importowany testowy', category: 'grzejniki-drabinkowe', attributes: { delivery_time: 3 } }];
  const before = await catalogueTables(server);
  const dry = await send(JSON.stringify(rows), { type: 'application/json', query: '?dry_run=true' });
  expect(dry.report).toMatchObject({ dryRun: true, productsChanged: 1, detailsChanged: 1 });
  expect(await catalogueTables(server)).toEqual(before);

  const applied = await send(JSON.stringify({ rows }), { type: 'application/json' });
  expect(applied.report).toMatchObject({ dryRun: false, productsChanged: 1, detailsChanged: 1, pricesChanged: 0, stockChanged: 0 });
  const { product: shown } = await productView(product.sku);
  expect(shown).toMatchObject({ name: 'Zawór importowany testowy', delivery_time: 3 });
  const ladder = server.app.catalog.categoryByUrl('grzejniki-lazienkowe/grzejniki-drabinkowe', 'url_path')!;
  expect(shown.category_ids.at(-1)).toBe(ladder.id);
  const inCategory = await search([...LISTED, bySku(product.sku), { attribute: 'category_ids', value: { in: [ladder.id] } }]);
  expect(inCategory.items.map((item) => item.name)).toEqual(['Zawór importowany testowy']);

  const again = await send(JSON.stringify(rows), { type: 'application/json' });
  expect(again.report).toMatchObject({ rows: 1, productsChanged: 0, unchanged: 1 });
});

test('bad requests are 400s with the reason at once, never a 500; a file that cannot be read is a refused job', async () => {
  const post = (body: string, options: { type?: string; query?: string } = {}) => postImport(server, body, { token: operator, ...options });
  expect(await post('')).toMatchObject({ status: 400, body: { code: 400, result: expect.stringContaining('send the file as the body') } });
  expect((await post('sku;price\nx;1', { query: '?dry_run=perhaps' })).status).toBe(400);
  expect((await post('sku;price\nx;1', { query: '?format=pdf' })).body).toEqual({ code: 400, result: 'format is csv, json, xlsx, xml, got "pdf"' });
  expect((await post('sku;price\nx;1', { query: '?encoding=latin1' })).body.result).toBe('encoding is utf-8, windows-1250, iso-8859-2, got "latin1"');
  expect((await post('sku;price\nx;1', { query: '?nothing=1' })).status).toBe(400);

  expect((await send('{"rows": 5}', { type: 'application/json' })).refusal).toMatchObject({
    problems: [{ row: null, column: null, reason: 'JSON must be an array of rows, or {"rows": [...]}' }],
  });
  expect((await send('[', { type: 'application/json' })).state).toBe('refused');
});
