import type { ImportJob } from '../src/catalog/import/import-jobs';
import type { TestServer } from '../harness/test-server';

/**
 * The catalogue import over HTTP as an operator's client uses it (docs/catalogue.md, "Imports as
 * jobs"): the file is posted (202 and the job, or the refusal of the request), then the job is
 * asked about until it has ended.
 */
export interface Posted {
  status: number;
  location: string | null;
  body: { code: number; result: any };
}

export interface PostOptions {
  token: string | null;
  type?: string;
  query?: string;
}

export async function postImport(server: TestServer, body: string | Buffer, { token, type = 'text/csv', query = '' }: PostOptions): Promise<Posted> {
  const response = await fetch(`${server.baseUrl}/api/catalog/import${query}`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: response.status, location: response.headers.get('location'), body: (await response.json()) as Posted['body'] };
}

export async function getJob(server: TestServer, token: string, id: number): Promise<ImportJob> {
  const response = await fetch(`${server.baseUrl}/api/catalog/import/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { job: ImportJob } }).result.job;
}

const FINISHED = ['done', 'refused', 'failed'];

/** Asks about a job until it has ended; every state it was seen in, in order. */
export async function waitForJob(server: TestServer, token: string, id: number, withinMs = 20_000): Promise<{ job: ImportJob; seen: string[] }> {
  const started = Date.now();
  const seen: string[] = [];
  for (;;) {
    const job = await getJob(server, token, id);
    if (seen.at(-1) !== job.state) seen.push(job.state);
    if (FINISHED.includes(job.state)) return { job, seen };
    if (Date.now() - started > withinMs) throw new Error(`import job ${id} still ${job.state} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Posts a file (202 expected) and answers the job once it has ended. */
export async function importAndWait(server: TestServer, body: string | Buffer, options: PostOptions & { token: string }): Promise<ImportJob> {
  const posted = await postImport(server, body, options);
  expect(posted.status).toBe(202);
  return (await waitForJob(server, options.token, posted.body.result.job.id)).job;
}

/** What an import writes, read from the tables in a stable order: two shops (or one before and after) compare equal when an import wrote the same. */
export async function catalogueTables(server: TestServer) {
  const k = server.db.kysely;
  return {
    products: await k.selectFrom('product').select(['id', 'doc', 'updated_at']).orderBy('id').execute(),
    stock: await k.selectFrom('stock_item').selectAll().orderBy('sku').execute(),
    history: await k.selectFrom('price_history').selectAll().orderBy('sku').orderBy('valid_from').execute(),
    categories: await k.selectFrom('category').select(['id', 'doc']).orderBy('id').execute(),
  };
}
