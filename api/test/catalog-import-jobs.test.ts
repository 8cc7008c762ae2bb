import { createHash } from 'node:crypto';
import os from 'node:os';
import type { Insertable } from 'kysely';
import type { ImportJobTable } from '../src/db/schema';
import { RegistryTokens } from '../src/registry/registry-tokens';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { getJob, importAndWait, postImport, waitForJob } from './import-helpers';

/**
 * Imports as jobs (docs/catalogue.md, "Imports as jobs"; SQLite and PostgreSQL): the file is
 * kept and answered 202 at once with the job; a worker runs one job at a time; the same file
 * with the same options sent again while its job waits or runs is that job; the history says
 * who sent what (its SHA-256) and what came of it; a job whose instance died is run again — at
 * once by that instance's restart (its host:port), else once its lease ran out — or failed
 * with the reason after three tries, never left half done. Another instance running a job is
 * a row in `import_job` here (running, its lease held); the cluster test kills a real one
 * (scripts/test/catalog-import-cluster.test.ts). Profiles: saved, checked, used.
 */
let server: TestServer;
let operator: { id: string; token: string };
let me: string;

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  operator = await new RegistryTokens(server.db).create('operator');
  me = `${os.hostname()}:${new URL(server.baseUrl).port}`;
});
afterAll(() => server.close());

const token = () => operator.token;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; result: any }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, result: ((await response.json()) as { result: unknown }).result };
}

const used = new Set<string>();
/**
 * A listed simple product at its regular price, counted stock — its SKU, stock and price as they
 * are now (the catalogue's own objects follow its changes) — each test takes its own.
 */
function plainProduct(): { sku: string; qty: number; price: number } {
  const found = server.app.catalog.products.find(
    (product) =>
      product.type_id === 'simple' &&
      !used.has(product.sku) &&
      product.visibility === 4 &&
      product.special_price === null &&
      product.stock.manage_stock &&
      !product.stock.is_volatile &&
      product.stock.qty > 2,
  )!;
  used.add(found.sku);
  return { sku: found.sku, qty: found.stock.qty, price: found.price_incl_tax! };
}

const stockOf = async (sku: string) => (await server.db.kysely.selectFrom('stock_item').select('qty').where('sku', '=', sku).executeTakeFirstOrThrow()).qty;
const pricePoints = async (sku: string, price: number) =>
  (await server.db.kysely.selectFrom('price_history').select('sku').where('sku', '=', sku).where('price_incl_tax', '=', price).execute()).length;

/** A job row as another instance (or the command) left it: running under a lease, as the tests need. */
async function insertJob(values: Partial<Insertable<ImportJobTable>>): Promise<number> {
  const file = values.file ?? Buffer.from('sku;qty\n');
  const { id } = await server.db.kysely
    .insertInto('import_job')
    .values({
      state: 'checking',
      file,
      file_sha256: createHash('sha256').update(file).digest('hex'),
      file_name: 'elsewhere.csv',
      file_size: file.length,
      options: JSON.stringify({ dryRun: false, skipBadRows: false, format: 'csv', encoding: null, sheet: null, profile: null }),
      via: 'api',
      submitted_by: 'operator token elsewhere',
      created_at: new Date().toISOString(),
      started_at: new Date().toISOString(),
      instance: 'other-host:3001',
      attempts: 1,
      lease_until: new Date(Date.now() + 60_000).toISOString(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const finishJob = (id: number) =>
  server.db.kysely.updateTable('import_job').set({ state: 'done', finished_at: new Date().toISOString(), lease_until: null }).where('id', '=', id).execute();

test('a file is answered 202 at once with its job and Location; the job is run here and ends done with its report', async () => {
  const product = plainProduct();
  const file = `sku;qty\n${product.sku};${product.qty + 5}\n`;
  const posted = await postImport(server, file, { token: token(), query: '?file_name=hurtownia%2Fstany.csv' });
  expect(posted.status).toBe(202);
  const job = posted.body.result.job;
  expect(posted.location).toBe(`/api/catalog/import/${job.id}`);
  expect(job).toMatchObject({
    state: 'queued',
    fileName: 'stany.csv',
    fileSize: Buffer.byteLength(file),
    sha256: createHash('sha256').update(file).digest('hex'),
    fileKept: true,
    options: { dryRun: false, skipBadRows: false, format: 'csv', encoding: null, sheet: null, profile: null },
    via: 'api',
    submittedBy: `operator token ${operator.id}`,
    attempts: 0,
    report: null,
  });
  const { job: ended, seen } = await waitForJob(server, token(), job.id);
  expect(seen.at(-1)).toBe('done');
  expect(ended).toMatchObject({ state: 'done', instance: me, attempts: 1, refusal: null, error: null, refusedCsv: null });
  expect(ended.report).toMatchObject({ rows: 1, stockChanged: 1, dryRun: false });
  expect(Date.parse(ended.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(ended.startedAt!));
  expect(await stockOf(product.sku)).toBe(product.qty + 5);
  expect((await call('GET', `/api/product-view/${product.sku}`)).result.product.stock.qty).toBe(product.qty + 5);
});

test('one import at a time: while another instance runs one, files wait queued; the same file sent again is the same job; then each runs in turn', async () => {
  const [a, b] = [plainProduct(), plainProduct()];
  const fileA = `sku;qty\n${a.sku};${a.qty + 1}\n`;
  const fileB = `sku;qty\n${b.sku};${b.qty + 1}\n`;
  const elsewhere = await insertJob({});
  const first = await postImport(server, fileA, { token: token() });
  const second = await postImport(server, fileB, { token: token() });
  expect([first.status, second.status]).toEqual([202, 202]);
  const again = await postImport(server, fileA, { token: token() });
  expect(again.status).toBe(200);
  expect(again.location).toBe(first.location);
  expect(again.body.result.job.id).toBe(first.body.result.job.id);
  // The same file as a dry run is another job: other options.
  const dry = await postImport(server, fileA, { token: token(), query: '?dry_run=true' });
  expect(dry.status).toBe(202);

  await new Promise((resolve) => setTimeout(resolve, 2_500)); // past the workers' poll: still nobody may start
  for (const posted of [first, second, dry]) expect((await getJob(server, token(), posted.body.result.job.id)).state).toBe('queued');
  expect(await stockOf(a.sku)).toBe(a.qty);

  await finishJob(elsewhere);
  const jobs = [];
  for (const posted of [first, second, dry]) jobs.push((await waitForJob(server, token(), posted.body.result.job.id)).job);
  expect(jobs.map((job) => job.state)).toEqual(['done', 'done', 'done']);
  // In the order they were sent, each after the one before it ended.
  for (let i = 1; i < jobs.length; i += 1) expect(Date.parse(jobs[i].startedAt!)).toBeGreaterThanOrEqual(Date.parse(jobs[i - 1].finishedAt!));
  expect(jobs[2].report).toMatchObject({ dryRun: true, productsChanged: 0 });
  expect([await stockOf(a.sku), await stockOf(b.sku)]).toEqual([a.qty + 1, b.qty + 1]);

  // A finished job is not reused: the same file again is a new import (changing nothing now).
  const later = await postImport(server, fileA, { token: token() });
  expect(later.status).toBe(202);
  expect((await waitForJob(server, token(), later.body.result.job.id)).job.report).toMatchObject({ productsChanged: 0, unchanged: 1 });

  const history = (await call('GET', '/api/catalog/import?limit=5')).result.jobs;
  expect(history.map((job: any) => job.id)).toEqual([...[later, dry, second, first].map((posted) => posted.body.result.job.id), elsewhere]);
  expect(history[2]).toMatchObject({
    fileName: 'file.csv',
    state: 'done',
    submittedBy: `operator token ${operator.id}`,
    sha256: createHash('sha256').update(fileB).digest('hex'),
  });
});

test('a job whose instance died is run again — at once by its restart, else when its lease ran out — or settled, never half done', async () => {
  const [restarted, expired] = [plainProduct(), plainProduct()];
  const fileOf = (product: { sku: string; qty: number; price: number }) =>
    Buffer.from(`sku;price;qty\n${product.sku};${product.price + 10};${product.qty + 3}\n`);
  // This instance's own job from before a restart: its lease still runs, but no one here runs it.
  const own = await insertJob({ file: fileOf(restarted), instance: me });
  const ownJob = (await waitForJob(server, token(), own, 10_000)).job;
  expect(ownJob).toMatchObject({ state: 'done', instance: me, attempts: 2 });
  expect(await stockOf(restarted.sku)).toBe(restarted.qty + 3);

  // Another instance's, whose lease ran out: taken over; and three that are settled without running.
  const past = new Date(Date.now() - 1_000).toISOString();
  const gone = await insertJob({ file: fileOf(expired), lease_until: past });
  const committed = await insertJob({ state: 'applying', report: JSON.stringify({ rows: 1, productsChanged: 1 }), lease_until: past });
  const tooOften = await insertJob({ attempts: 3, lease_until: past });
  const command = await insertJob({ via: 'cli', instance: 'laptop pid 4242 (npm run catalog:import)', lease_until: past });
  const goneJob = (await waitForJob(server, token(), gone, 10_000)).job;
  expect(goneJob).toMatchObject({ state: 'done', instance: me, attempts: 2 });
  expect(goneJob.report).toMatchObject({ rows: 1, pricesChanged: 1, stockChanged: 1 });
  expect(await stockOf(expired.sku)).toBe(expired.qty + 3);
  expect(await pricePoints(expired.sku, expired.price + 10)).toBe(1);
  const settled = async (id: number) => (await waitForJob(server, token(), id)).job;
  expect(await settled(committed)).toMatchObject({ state: 'done', report: { rows: 1, productsChanged: 1 } });
  expect(await settled(tooOften)).toMatchObject({
    state: 'failed',
    error: 'its instance stopped 3 times before it finished (the last: other-host:3001): nothing of it was applied',
  });
  expect(await settled(command)).toMatchObject({
    state: 'failed',
    error: 'the command running it (laptop pid 4242 (npm run catalog:import)) stopped before it finished: nothing of it was applied',
  });
});

test('skip_bad_rows: the good rows applied, the refused ones reported and kept as a CSV to fix', async () => {
  const [good, bad] = [plainProduct(), plainProduct()];
  const job = await importAndWait(server, `sku;qty\n${good.sku};${good.qty + 2}\n${bad.sku};minus\n`, { token: token(), query: '?skip_bad_rows=true' });
  expect(job).toMatchObject({ state: 'done', options: { skipBadRows: true }, refusedCsv: `/api/catalog/import/${job.id}/refused.csv` });
  expect(job.report).toMatchObject({ rows: 2, stockChanged: 1, rowsRefused: 1 });
  expect(await stockOf(good.sku)).toBe(good.qty + 2);
  expect(await stockOf(bad.sku)).toBe(bad.qty);
  const response = await fetch(`${server.baseUrl}${job.refusedCsv}`, { headers: { authorization: `Bearer ${token()}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const csv = (await response.text()).replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toBe('sku;qty;row;problem');
  expect(csv).toContain(`${bad.sku};minus;3;`);
});

test('profiles: saved (checked against the import fields), listed, used by a job; unknown ones named with the saved ones', async () => {
  const product = plainProduct();
  const bad = await call('PUT', '/api/catalog/import/profiles/Hurtownia-ABC', { columns: { 'Nasz indeks': 'sku', Cena: 'cena' }, match: 'kod' });
  expect(bad.status).toBe(400);
  expect(bad.result).toContain('"Cena": "cena" is not an import field; the fields are sku, price,');
  expect(bad.result).toContain('match is "sku" or "ean"');

  const profile = { columns: { 'Nasz indeks': 'sku', 'Stan na dziś': 'qty', Uwagi: null }, encoding: 'utf-8' };
  const created = await call('PUT', '/api/catalog/import/profiles/Hurtownia-ABC', profile);
  expect(created).toMatchObject({ status: 201, result: { profile: { name: 'hurtownia-abc', ...profile }, updatedBy: `operator token ${operator.id}` } });
  expect((await call('PUT', '/api/catalog/import/profiles/hurtownia-abc', profile)).status).toBe(200);
  expect((await call('GET', '/api/catalog/import/profiles')).result.profiles.map((saved: any) => saved.profile.name)).toContain('hurtownia-abc');
  expect((await call('GET', '/api/catalog/import/profiles/hurtownia-abc')).result.profile).toEqual({ name: 'hurtownia-abc', ...profile });

  const missing = await call('GET', '/api/catalog/import/profiles/nikt');
  expect(missing).toEqual({ status: 404, result: expect.stringMatching(/^no saved profile "nikt": the saved ones are .*hurtownia-abc/) });
  const unknown = await postImport(server, 'x', { token: token(), query: '?profile=nikt' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.result).toContain('the saved ones are');

  const job = await importAndWait(server, `Nasz indeks;Stan na dziś;Uwagi\n${product.sku};${product.qty + 7};dostawa we wtorek\n`, {
    token: token(),
    query: '?profile=hurtownia-abc',
  });
  expect(job).toMatchObject({ state: 'done', options: { profile: 'hurtownia-abc' } });
  expect(job.report).toMatchObject({ stockChanged: 1, ignoredColumns: [] });
  expect(await stockOf(product.sku)).toBe(product.qty + 7);
});

test('asking for what is not there: 404 with the reason, never a 500', async () => {
  for (const id of ['999999', 'abc', '0', '1e3', '-1']) {
    const answer = await call('GET', `/api/catalog/import/${id}`);
    expect(answer).toEqual({ status: 404, result: `no import job ${id} (GET /api/catalog/import lists them)` });
  }
  const job = await importAndWait(server, `sku;qty\n${plainProduct().sku};1\n`, { token: token() });
  expect((await call('GET', `/api/catalog/import/${job.id}/refused.csv`)).status).toBe(404);
  expect((await call('GET', '/api/catalog/import?limit=0')).status).toBe(400);
  expect((await call('PUT', '/api/catalog/import/profiles/x', [])).status).toBe(400);
  expect((await call('PUT', `/api/catalog/import/profiles/${'n'.repeat(70)}`, { columns: { a: 'sku' } })).status).toBe(400);
});
