import { Type } from '@sinclair/typebox';
import { startTestServer, TEST_SEED, type TestServer } from '../../harness/test-server';
import { runFuzz } from '../../harness/fuzz/run-fuzz';
import { MAX_STORED_TEXT } from '../../harness/fuzz/stored-garbage';

/**
 * The fuzz can fail: a planted route that answers 500 on a large number, stores whatever text it
 * gets and merges bodies into Object.prototype is caught on all three counts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: { ...TEST_SEED, products: 20 },
    extend: (app) => {
      app.post<{ Querystring: { size?: number }; Body: { note?: unknown } }>(
        '/api/fuzz-canary',
        {
          schema: { querystring: Type.Object({ size: Type.Optional(Type.Number()) }), body: Type.Object({ note: Type.Optional(Type.Unknown()) }) },
        },
        async (request) => {
          if ((request.query.size ?? 0) > 1e6) throw new Error('planted: a size nobody bounded');
          const { note } = request.body;
          if (typeof note === 'string') {
            // SQLite keeps a text past its varchar(60); PostgreSQL refuses it (a 5xx), so there the
            // planted text goes where only the shop's own limit stands: the detail (text), padded past it.
            const planted = server.db.dialect === 'sqlite' ? { nickname: note, detail: 'd' } : { nickname: 'n', detail: note + '.'.repeat(MAX_STORED_TEXT) };
            await server.db.kysely
              .insertInto('review')
              .values({ product_id: 1, ...planted, title: 't', rating: 5, status: 'pending', created_at: '2026-11-21' })
              .execute();
          }
          if (note && typeof note === 'object') Object.assign(Object.prototype, { planted: true }); // a deep merge gone wrong
          return { ok: true };
        },
      );
    },
  });
}, 60_000);
afterAll(async () => {
  delete (Object.prototype as Record<string, unknown>).planted;
  await server.close();
}, 60_000);

test('a planted 500, a planted over-long stored text and a planted prototype change are all reported', async () => {
  const totals = await runFuzz(server, { runs: 400, seed: 7, only: (route) => route.path === '/api/fuzz-canary' });
  expect(totals.routes).toBe(1);
  expect(totals.fiveXx.length).toBeGreaterThan(0);
  expect(totals.fiveXx[0]).toMatchObject({ status: 500, method: 'POST', url: expect.stringContaining('/api/fuzz-canary') });
  const [column, limit] = server.db.dialect === 'sqlite' ? ['nickname', 60] : ['detail', MAX_STORED_TEXT];
  expect(totals.garbage).toContainEqual(
    expect.objectContaining({ table: 'review', column, why: expect.stringMatching(new RegExp(`characters stored where at most ${limit} belong`)) }),
  );
  expect(totals.polluted).toContain('planted');
}, 30_000); // 400 requests and a scan of every stored text: seconds on a busy CI machine
