import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/** Product reviews over HTTP: the seeded approved ones, the average, a shopper's new review and bad input. */

let server: TestServer;
let reviewed: { id: number; sku: string; url_path: string };
let unreviewed: { id: number };

const post = (body: unknown) =>
  fetch(`${server.baseUrl}/api/review/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const list = async (productId: number, query = '') => {
  const response = await fetch(`${server.baseUrl}/api/review/list/${productId}${query}`);
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  const counts = await server.db.kysely
    .selectFrom('review')
    .select(['product_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('product_id')
    .orderBy('n', 'desc')
    .execute();
  const product = await server.db.kysely
    .selectFrom('product')
    .select(['id', 'sku', 'url_path'])
    .where('id', '=', counts[0].product_id)
    .executeTakeFirstOrThrow();
  reviewed = product;
  const none = await server.db.kysely
    .selectFrom('product')
    .select('id')
    .where('visibility', '=', 4)
    .where('status', '=', 1)
    .where(
      'id',
      'not in',
      counts.map((row) => row.product_id),
    )
    .executeTakeFirstOrThrow();
  unreviewed = none;
});
afterAll(async () => {
  await server.close();
});

test('the seed gives part of the catalogue approved Polish reviews with 1–5 stars', async () => {
  const rows = await server.db.kysely.selectFrom('review').selectAll().execute();
  expect(rows.length).toBeGreaterThan(100);
  expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['approved']));
  expect(new Set(rows.map((row) => row.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  expect(rows.every((row) => row.created_at < '2026-11-22')).toBe(true);
});

test("a product's list: newest first, paged, with the average and count per star matching the rows", async () => {
  const rows = await server.db.kysely.selectFrom('review').selectAll().where('product_id', '=', reviewed.id).execute();
  const { status, body } = await list(reviewed.id, '?size=3');
  expect(status).toBe(200);
  const { summary, items, total } = body.result;
  expect(total).toBe(rows.length);
  const average = Math.round((rows.reduce((sum, row) => sum + (row.rating ?? 0), 0) / rows.length) * 10) / 10;
  expect(summary.average).toBe(average);
  expect(summary.histogram.reduce((a: number, b: number) => a + b, 0)).toBe(rows.length);
  expect(items).toHaveLength(3);
  const dates = items.map((item: { created_at: string }) => item.created_at);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(Object.keys(items[0]).sort()).toEqual(['created_at', 'detail', 'id', 'nickname', 'rating', 'title']);
  const next = await list(reviewed.id, '?from=3&size=3');
  expect(next.body.result.items[0].id).not.toBe(items[0].id);
});

test('a product without reviews: average null, count 0', async () => {
  const { body } = await list(unreviewed.id);
  expect(body.result.summary).toEqual({ average: null, count: 0, histogram: [0, 0, 0, 0, 0] });
});

test("the product-view prefetch carries the summary and the first reviews (the page's JSON-LD aggregateRating comes from it)", async () => {
  const response = await fetch(`${server.baseUrl}/api/product-view/${encodeURIComponent(reviewed.sku)}`);
  const view = (await response.json()).result;
  expect(view.reviews.summary.count).toBeGreaterThan(0);
  expect(view.reviews.items.length).toBe(Math.min(5, view.reviews.summary.count));
});

test('a new review waits for moderation: not listed, not counted; sent twice it is stored once', async () => {
  const review = {
    product_id: unreviewed.id,
    nickname: '  Jan  z Torunia ',
    title: 'Grzeje świetnie',
    detail: 'Montaż prosty,\nmoc zgodna z opisem.',
    rating: 5,
    review_status: 1,
    review_entity: 'product',
  };
  const first = await post({ review });
  expect(first.status).toBe(200);
  const created = (await first.json()).result;
  expect(created).toEqual({ id: expect.any(Number), status: 'pending' });
  const again = (await (await post({ review })).json()).result;
  expect(again.id).toBe(created.id);
  const stored = await server.db.kysely.selectFrom('review').selectAll().where('product_id', '=', unreviewed.id).execute();
  expect(stored).toEqual([expect.objectContaining({ nickname: 'Jan z Torunia', detail: 'Montaż prosty,\nmoc zgodna z opisem.', status: 'pending' })]);
  expect((await list(unreviewed.id)).body.result.summary.count).toBe(0);
});

test("VSF 1.12's default theme sends no rating: the review is stored without stars; approved, it is listed and counted, not averaged", async () => {
  const product = await server.db.kysely
    .selectFrom('product')
    .select('id')
    .where('visibility', '=', 4)
    .where('status', '=', 1)
    .where('id', '!=', unreviewed.id)
    .where('id', '=', reviewed.id)
    .executeTakeFirstOrThrow();
  const before = (await list(product.id)).body.result.summary;
  // The theme's Reviews.vue form, through core/modules/review (ReviewsService.createReview): no rating, no status.
  const theme = {
    product_id: String(product.id),
    title: 'Bez gwiazdek',
    detail: 'Wysłane z formularza VSF.',
    nickname: 'Ewa',
    review_entity: 'product',
    customer_id: null,
  };
  const sent = await post({ review: theme });
  expect(sent.status).toBe(200);
  const { id } = (await sent.json()).result;
  // The core's Review type also carries review_status (2 = pending in Magento): read and ignored.
  const again = await post({ review: { ...theme, product_id: product.id, review_status: 2 } });
  expect((await again.json()).result.id).toBe(id);
  const stored = await server.db.kysely.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ rating: null, status: 'pending' });

  await server.db.kysely.updateTable('review').set({ status: 'approved', created_at: '2026-11-21T11:00:00.000Z' }).where('id', '=', id).execute();
  const { body } = await list(product.id, '?size=50');
  expect(body.result.summary).toEqual({ ...before, count: before.count + 1 });
  expect(body.result.total).toBe(before.count + 1);
  expect(body.result.items).toContainEqual(expect.objectContaining({ id, rating: null, title: 'Bez gwiazdek' }));
  await server.db.kysely.deleteFrom('review').where('id', '=', id).execute();
});

test.each([
  ['no review', {}, 400],
  ['rating 0', { rating: 0 }, 400],
  ['rating 6', { rating: 6 }, 400],
  ['rating 4.5', { rating: 4.5 }, 400],
  ['rating "Infinity"', { rating: 'Infinity' }, 400],
  ['product_id "1e309" (coerced to Infinity)', { product_id: '1e309' }, 400],
  ['product_id past the largest id', { product_id: 2 ** 31 }, 400],
  ['blank title', { title: '   ' }, 400],
  ['title too long', { title: 'x'.repeat(121) }, 400],
  ['detail too long', { detail: 'x'.repeat(2001) }, 400],
  ['unknown field', { price: 1 }, 400],
  ['unknown product', { product_id: 99_999_999 }, 404],
])('bad review (%s) → 4xx with a message, nothing stored', async (_name, change, status) => {
  const before = await server.db.kysely
    .selectFrom('review')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const body = _name === 'no review' ? {} : { review: { product_id: unreviewed.id, nickname: 'Ola', title: 'Tytuł', detail: 'Treść', rating: 4, ...change } };
  const response = await post(body);
  expect(response.status).toBe(status);
  expect(typeof (await response.json()).result).toBe('string');
  const after = await server.db.kysely
    .selectFrom('review')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(after.n)).toBe(Number(before.n));
});

test('malformed JSON and a bad product id in the list path are 400, never 500', async () => {
  expect((await post('{"review":')).status).toBe(400);
  expect((await list(0)).status).toBe(400);
  expect((await fetch(`${server.baseUrl}/api/review/list/abc`)).status).toBe(400);
  expect((await list(reviewed.id, '?size=500')).status).toBe(400);
});
