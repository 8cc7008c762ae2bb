import type { Insertable } from 'kysely';
import { DEFAULT_THRESHOLDS } from '../src/config';
import type { ImportJobTable } from '../src/db/schema';
import { ShopMetrics } from '../src/metrics';
import { publishFixture, shellWithoutPageServer } from './registry-helpers';
import { importAndWait, waitForJob } from './import-helpers';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';

/**
 * The series the alert rules and the dashboard read (ops/prometheus, ops/grafana;
 * docs/operations.md) move when their events happen: the canary judge's decisions and the
 * running canaries' shares, the import jobs by outcome, and — on PostgreSQL — the connection
 * pool. (/metrics' access and the signals' series: signals.test.ts.)
 */
let server: TestServer;
let operator: string;
const hashes: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({
    seed: TEST_SEED,
    // Steps that last no time and few page views: the test judges at once, with tick().
    config: { canary: { ...DEFAULT_THRESHOLDS, minPageViews: 20, minStepMinutes: 0 } },
    shell: shellWithoutPageServer(),
  });
  operator = (await server.app.mfeRegistry.tokens.create('operator')).token;
  hashes['1.0.0'] = await publishFixture(server.baseUrl, operator, { remote: 'cart', version: '1.0.0', server: 'none' });
}, 60_000);
afterAll(() => server.close());

async function metricsText(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${operator}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** One series' value, or undefined when /metrics has none of it. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** Page views of a cart build, each from a visitor of its own, `failures` of them with a mount failure. */
const views = (version: string, count: number, failures = 0) => {
  for (let i = 0; i < count; i += 1)
    server.app.signals.browser(
      { remote: 'cart', build: hashes[version], version },
      {
        pageView: true,
        mountFailures: i < failures ? 1 : 0,
        fallbacks: 0,
        errors: 0,
        newVisitor: true,
        failingView: i < failures,
        newFailingVisitor: i < failures,
      },
    );
};

test("a canary's share and its judge's decisions: a step, then a rollback", async () => {
  hashes['1.1.0'] = await publishFixture(server.baseUrl, operator, { remote: 'cart', version: '1.1.0', server: 'none' }, '?canary=5');
  const decisions = (decision: string) => `kf_canary_decisions_total{remote="cart",variant="default",decision="${decision}"}`;
  const share = 'kf_canary_traffic_percent{remote="cart",variant="default"}';

  expect(await server.app.mfeRegistry.canaries.tick()).toEqual([]); // no page views yet: it waits
  let text = await metricsText();
  expect(valueOf(text, share)).toBe(5);
  // Seen running, its decisions start at 0: the first rollback is an increase Prometheus sees.
  expect([valueOf(text, decisions('advance')), valueOf(text, decisions('promote')), valueOf(text, decisions('rollback'))]).toEqual([0, 0, 0]);

  views('1.0.0', 100);
  views('1.1.0', 30);
  expect(await server.app.mfeRegistry.canaries.tick()).toMatchObject([{ action: 'canary-step', weight: 25 }]);
  text = await metricsText();
  expect(valueOf(text, decisions('advance'))).toBe(1);
  expect(valueOf(text, share)).toBe(5); // as read before this judgement; the next one reads 25
  await server.app.mfeRegistry.canaries.tick();
  expect(valueOf(await metricsText(), share)).toBe(25);

  views('1.1.0', 30, 30);
  expect(await server.app.mfeRegistry.canaries.tick()).toMatchObject([{ action: 'canary-fail' }]);
  expect(valueOf(await metricsText(), decisions('rollback'))).toBe(1);
  await server.app.mfeRegistry.canaries.tick();
  text = await metricsText();
  expect(valueOf(text, share)).toBeUndefined(); // no canary running: no share
  expect(valueOf(text, decisions('rollback'))).toBe(1); // the counter stays
});

test('import jobs counted by outcome: done, refused, and failed when settled for a runner that is gone', async () => {
  const outcome = (name: string) => valueOf(text, `kf_catalog_import_jobs_total{outcome="${name}"}`) ?? 0;
  let text = await metricsText();
  const before = { done: outcome('done'), refused: outcome('refused'), failed: outcome('failed') };

  const product = server.app.catalog.products.find((candidate) => candidate.type_id === 'simple' && candidate.stock.manage_stock)!;
  expect(await importAndWait(server, `sku;qty\n${product.sku};${product.stock.qty + 1}\n`, { token: operator })).toMatchObject({ state: 'done' });
  expect(await importAndWait(server, `sku;qty\n${product.sku};minus\n`, { token: operator })).toMatchObject({ state: 'refused' });
  // The command's job whose process is gone: the worker settles it as failed (import-job-claims.ts).
  const file = Buffer.from('sku;qty\n');
  const past = new Date(Date.now() - 1_000).toISOString();
  const row: Insertable<ImportJobTable> = {
    state: 'checking',
    file,
    file_sha256: '0'.repeat(64),
    file_name: 'gone.csv',
    file_size: file.length,
    options: JSON.stringify({ dryRun: false, skipBadRows: false, format: 'csv', encoding: null, sheet: null, profile: null }),
    via: 'cli',
    submitted_by: 'the test',
    created_at: past,
    started_at: past,
    instance: 'laptop pid 4242 (npm run catalog:import)',
    attempts: 1,
    lease_until: past,
  };
  const { id } = await server.db.kysely.insertInto('import_job').values(row).returning('id').executeTakeFirstOrThrow();
  expect((await waitForJob(server, operator, id, 10_000)).job).toMatchObject({ state: 'failed' });

  text = await metricsText();
  expect({ done: outcome('done'), refused: outcome('refused'), failed: outcome('failed') }).toEqual({
    done: before.done + 1,
    refused: before.refused + 1,
    failed: before.failed + 1,
  });
});

test('the PostgreSQL pool is read at each scrape; SQLite has none', async () => {
  const text = await metricsText();
  if (server.db.dialect === 'postgres') {
    expect(valueOf(text, 'kf_db_pool_max')).toBeGreaterThan(0);
    expect(valueOf(text, 'kf_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'kf_db_pool_waiting')).toBe(0);
    // This test's server has no replica: commits wait for none, none streams.
    expect([valueOf(text, 'kf_db_replica_expected'), valueOf(text, 'kf_db_replicas_streaming'), valueOf(text, 'kf_db_replication_lag_seconds')]).toEqual([
      0, 0, 0,
    ]);
  } else expect(text).not.toMatch(/kf_db_(pool|replica)/);

  const metrics = new ShopMetrics();
  let figures = { total: 4, idle: 1, waiting: 0, max: 10 };
  metrics.watchPool(() => figures);
  const first = (await metrics.exposition()).text;
  expect([valueOf(first, 'kf_db_pool_connections{state="in_use"}'), valueOf(first, 'kf_db_pool_connections{state="idle"}')]).toEqual([3, 1]);
  figures = { total: 10, idle: 0, waiting: 7, max: 10 };
  const second = (await metrics.exposition()).text;
  expect([valueOf(second, 'kf_db_pool_connections{state="in_use"}'), valueOf(second, 'kf_db_pool_waiting'), valueOf(second, 'kf_db_pool_max')]).toEqual([
    10, 7, 10,
  ]);
});

test("a replica's figures are asked once per scrape for its three series; while the database cannot answer they are NaN", async () => {
  const metrics = new ShopMetrics();
  let asked = 0;
  let answer: () => Promise<{ expected: boolean; streaming: number; lagSeconds: number } | null> = async () => ({
    expected: true,
    streaming: 1,
    lagSeconds: 12.5,
  });
  metrics.watchReplication(() => {
    asked += 1;
    return answer();
  });
  const first = (await metrics.exposition()).text;
  expect([valueOf(first, 'kf_db_replica_expected'), valueOf(first, 'kf_db_replicas_streaming'), valueOf(first, 'kf_db_replication_lag_seconds')]).toEqual([
    1, 1, 12.5,
  ]);
  expect(asked).toBe(1);
  answer = () => Promise.reject(new Error('Connection terminated unexpectedly'));
  const second = (await metrics.exposition()).text;
  expect([valueOf(second, 'kf_db_replica_expected'), valueOf(second, 'kf_db_replicas_streaming'), valueOf(second, 'kf_db_replication_lag_seconds')]).toEqual([
    NaN,
    NaN,
    NaN,
  ]);
  expect(asked).toBe(2);
});
