import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startPostgres, type PostgresServer } from '../../scripts/lib/postgres-server';
import { Sessions } from '../src/auth/sessions';
import { TokenSigner } from '../src/auth/signed-token';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * npm run bench:revocation: what the revocation check (issue #33) adds to a call carrying a
 * customer token, on SQLite and on PostgreSQL. Every such call asks `Sessions.isLive(family)`:
 * from memory while the last answer is under LIVE_FAMILY_TRUST_MS (5 s) old, else one indexed read
 * of `refresh_token`. Printed: the check from memory and from the database (µs per call, in
 * process), and for scale the whole `cart/pull` over HTTP with a customer's token next to a
 * guest's (the guest's is the baseline: no token, no check), interleaved, 1,000 of each.
 * Prints, never asserts.
 */
const HITS = 200_000;
const MISSES = 2_000;
const CALLS = 1_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => value.toFixed(3);

async function call(server: TestServer, method: string, url: string, body?: unknown): Promise<{ result: unknown; meta?: Record<string, unknown> }> {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${url} → ${response.status}`);
  return (await response.json()) as { result: unknown; meta?: Record<string, unknown> };
}

async function measure(label: string, databaseUrl: string | undefined): Promise<void> {
  const server = await startTestServer(databaseUrl ? { databaseUrl } : {});
  try {
    const password = 'tajne-haslo-1';
    const created = await call(server, 'POST', '/api/user/create', {
      customer: { email: 'pomiar@example.pl', firstname: 'Anna', lastname: 'Kowalska' },
      password,
    });
    const customerId = (created.result as { id: number }).id;
    const token = (await call(server, 'POST', '/api/user/login', { username: 'pomiar@example.pl', password })).result as string;

    // The check alone, in process, against this server's database.
    const sessions = () => new Sessions(server.db, new TokenSigner(randomBytes(32)), () => new Date(), { accessSeconds: 3600, refreshSeconds: 86_400 });
    const owner = sessions();
    const family = (await owner.familyOf((await owner.start({ id: customerId, group_id: 1 })).refreshToken))!.familyId;
    await owner.isLive(family);
    let started = performance.now();
    for (let i = 0; i < HITS; i += 1) await owner.isLive(family);
    const hitUs = ((performance.now() - started) * 1000) / HITS;
    started = performance.now();
    for (let i = 0; i < MISSES; i += 1) await sessions().isLive(family); // a fresh instance remembers nothing: every call reads
    const missUs = ((performance.now() - started) * 1000) / MISSES;
    console.log(`revocation (${label}): isLive from memory ${hitUs.toFixed(2)} µs/call; from the database ${missUs.toFixed(1)} µs/call`);

    // The whole call over HTTP: a customer's cart/pull next to a guest's, interleaved.
    const customerCart = (await call(server, 'POST', `/api/cart/create?token=${encodeURIComponent(token)}`)).result as string;
    const guestCart = (await call(server, 'POST', '/api/cart/create')).result as string;
    const customerUrl = `/api/cart/pull?cartId=${customerCart}&token=${encodeURIComponent(token)}`;
    const guestUrl = `/api/cart/pull?cartId=${guestCart}`;
    const times = { customer: [] as number[], guest: [] as number[] };
    for (let i = 0; i < CALLS; i += 1) {
      for (const [who, url] of [
        ['customer', customerUrl],
        ['guest', guestUrl],
      ] as const) {
        const t0 = performance.now();
        await call(server, 'GET', url);
        times[who].push(performance.now() - t0);
      }
    }
    for (const who of ['customer', 'guest'] as const) {
      const sorted = times[who].sort((a, b) => a - b);
      console.log(`revocation (${label}): cart/pull over HTTP, ${who}: p50 ${ms(percentile(sorted, 50))} ms, p99 ${ms(percentile(sorted, 99))} ms`);
    }
  } finally {
    await server.close();
  }
}

async function main() {
  await measure('sqlite', undefined);
  let postgres: PostgresServer | null = null;
  try {
    postgres = await startPostgres({ durable: false });
    postgres.createDatabase('kf_revocation_bench');
    await measure('postgres', postgres.url('kf_revocation_bench'));
  } finally {
    postgres?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
