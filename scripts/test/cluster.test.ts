import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { openDatabase, type Db } from '../../api/public/database';
import type { RunningCluster } from '../lib/cluster';
import type { ServerState } from '../lib/cluster/balancer';
import { keepOrdering, placedOrders, shoppers, type Flow } from '../lib/cluster/shoppers';
import { startOrderingCluster, type OrderingCluster } from '../lib/cluster/testing/ordering-cluster';

/**
 * An API instance dies under load (issue #23): two instances on one (throwaway) PostgreSQL
 * behind HAProxy, started by the same library as `npm run start:cluster` (API only: no pages or
 * builds released). Shoppers keep placing orders — a cart, a line, `POST /api/order` with an
 * order id of their own — and a shopper's client, like the checkout, sends the same request
 * again (same order id) after a network error or a 502/503/504, at most twice.
 *
 * One instance is SIGKILLed in the middle of a burst of orders: the moment the first of the
 * burst's answers comes from it, while others of the burst are still being placed there — some
 * committed and not yet answered, the case where a careless retry places a second order or a
 * shopper is told "failed" of an order that exists. Then: HAProxy marked it down within a few
 * health checks; every order was confirmed and exists exactly once, with the number the shopper
 * was told; no order exists that its shopper was not told of; no cart was ordered twice; and
 * once the balancer knew, every request went through at its first attempt.
 */
jest.setTimeout(90_000);

const RUN = `kill${Date.now().toString(36)}`;
const WORKERS = 6;
const BURST = 24;
const BEFORE_KILL_MS = 2500;
const AFTER_DOWN_MS = 3000;
let shop: OrderingCluster;
let cluster: RunningCluster;
let db: Db | null = null;
let skus: string[] = [];

beforeAll(async () => {
  // Password hashing at the lowest accepted cost: the limit is under test, not the hash.
  shop = await startOrderingCluster('cluster', { instanceEnv: { PASSWORD_SCRYPT_COST: '14' } });
  ({ cluster, skus } = shop);
}, 120_000);

afterAll(async () => {
  await db?.close();
  await shop?.stop();
});

/** A failed login sent through the balancer from one loopback address (the whole 127/8 is this machine). */
function failedLogin(from: string, account: string): Promise<number> {
  const body = JSON.stringify({ username: account, password: 'not-the-password-1' });
  const { hostname, port } = new URL(cluster.balancerUrl!);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path: '/api/user/login',
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': '203.0.113.9' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

test("behind the balancer a per-IP limit counts the shopper's address (HAProxy's X-Forwarded-For), on every instance alike", async () => {
  // 20 failed logins a minute per address (ACCOUNT_LIMITS.loginPerIp), spread over both instances by round robin.
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1) statuses.push(await failedLogin('127.0.0.2', `nobody${i}@example.pl`));
  expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
  // Another shopper is not held back by the first one's attempts (as one would be if the limit saw the balancer's address),
  // and a client's own X-Forwarded-For (203.0.113.9, sent with every attempt above) is not believed.
  expect(await failedLogin('127.0.0.3', 'someone@example.pl')).toBe(401);
});

test('SIGKILL of one instance under a stream of orders: routed around, no order lost or doubled, at most a retried request', async () => {
  const base = cluster.balancerUrl!;
  const flows: Flow[] = [];
  const shop = shoppers(base);
  const { attempts, cartWithLine, placeOrder } = shop;

  const [, victim] = cluster.instances;
  const database = openDatabase(cluster.databaseUrl);
  db = database;
  const load = keepOrdering(shop, { run: RUN, workers: WORKERS, skus, flows });
  let killedAt = 0;
  let inFlightAtKill = 0;
  let committedUnanswered: string[] = [];
  let states: ServerState[] = [];
  let downAt = 0;
  try {
    await new Promise((resolve) => setTimeout(resolve, BEFORE_KILL_MS));

    // Bursts of orders until the kill lands while the victim has orders committed and not yet
    // answered. For a burst the other instance is drained (HAProxy's runtime API), so the burst
    // goes to the victim alone; at the victim's first answer it is frozen (SIGSTOP) and the
    // database asked which of the burst's orders exist that nobody has an answer for. If there
    // are some, the other instance is made ready again and the victim SIGKILLed; if not, it goes
    // on (SIGCONT) until its next answer.
    const [survivor] = cluster.instances;
    const setState = (state: 'drain' | 'ready') => cluster.balancer!.command(`set server instances/${survivor.name} state ${state}`);
    const answered = new Set<string>();
    let checking: Promise<void> | null = null;
    const freezeAndCheck = async (burstIds: string[]) => {
      process.kill(victim.pid, 'SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 100)); // answers already on their way arrive
      const rows = await database.kysely.selectFrom('sales_order').select('client_order_id').where('client_order_id', 'in', burstIds).execute();
      committedUnanswered = rows.map((row) => row.client_order_id).filter((id) => !answered.has(id));
      if (committedUnanswered.length > 0) {
        await setState('ready');
        inFlightAtKill = attempts.filter((attempt) => attempt.status === 'pending').length;
        cluster.signal(victim, 'SIGKILL');
        killedAt = performance.now();
      } else {
        process.kill(victim.pid, 'SIGCONT');
      }
    };
    for (let round = 0; !killedAt && round < 10; round += 1) {
      const burst: Flow[] = Array.from({ length: BURST }, (_, i) => ({ orderId: `${RUN}-burst${round}-${i}` }));
      const ready = await Promise.all(
        burst.map((flow, i) =>
          cartWithLine(flow, skus[i % skus.length]).then(
            () => true,
            () => false,
          ),
        ),
      );
      expect(ready.every(Boolean)).toBe(true);
      flows.push(...burst);
      const ids = burst.map((flow) => flow.orderId);
      await setState('drain');
      await Promise.all(
        burst.map((flow) =>
          placeOrder(flow, (servedBy) => {
            answered.add(flow.orderId);
            if (!killedAt && !checking && servedBy === victim.name)
              checking = freezeAndCheck(ids).finally(() => {
                checking = null;
              });
          }),
        ),
      );
      await checking;
      if (!killedAt) await setState('ready');
    }
    expect(committedUnanswered.length).toBeGreaterThan(0);
    expect(await victim.exited).toBe('SIGKILL');

    // The balancer's view, until it has marked the dead instance down.
    while (!downAt && performance.now() - killedAt < 10_000) {
      states = await cluster.balancer!.servers();
      if (states.find((state) => state.name === victim.name)?.status.startsWith('DOWN')) downAt = performance.now();
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_DOWN_MS));
  } finally {
    await load.stop();
  }
  states = await cluster.balancer!.servers();

  const confirmed = flows.filter((flow) => flow.orderNumber);
  // Orders already placed that their shopper learnt of through a replay (the balancer's or the client's): `created: false`.
  const replayed = confirmed.filter((flow) => flow.created === false);
  const failed = flows.filter((flow) => flow.error);
  const retried = attempts.filter((attempt) => attempt.attempt > 1);
  const afterDown = attempts.filter((attempt) => downAt && attempt.startedAt > downAt);
  const backend = states.find((state) => state.name === 'BACKEND')!;
  console.log(
    [
      `${flows.length} order flows, ${confirmed.length} confirmed (${confirmed.filter((flow) => flow.confirmedAt! > killedAt).length} after the kill), ${failed.length} failed`,
      `${attempts.length} requests, ${inFlightAtKill} in flight at the kill, ${retried.length} sent again by the client (${retried.map((a) => `${a.path}`).join(', ') || 'none'})`,
      `${committedUnanswered.length} orders committed by ${victim.name} and not answered when it was killed; ${replayed.length} confirmed through a replay (created: false)`,
      `HAProxy marked ${victim.name} down ${downAt ? Math.round(downAt - killedAt) : '—'} ms after the kill; backend: ${backend.retries} retries, ${backend.redispatches} redispatches, ${backend.http5xx} 5xx`,
    ].join('\n'),
  );
  if (failed.length > 0) console.log(`haproxy.log:\n${fs.readFileSync(path.join(cluster.runDir, 'haproxy.log'), 'utf8').split('\n').slice(-60).join('\n')}`);

  // The orders the victim had committed without answering were confirmed to their shoppers, once.
  expect(committedUnanswered.filter((id) => !replayed.some((flow) => flow.orderId === id))).toEqual([]);
  // The balancer found out, and kept the other one.
  expect(downAt).toBeGreaterThan(0);
  expect(downAt - killedAt).toBeLessThan(3000);
  expect(states.find((state) => state.name === victim.name)!.status).toMatch(/^DOWN/);
  expect(states.find((state) => state.name === cluster.instances[0].name)!.status).toBe('UP');
  // Every shopper got through (at most with a retried request), and the load went on after the kill.
  expect(failed.map((flow) => `${flow.orderId}: ${flow.error}`)).toEqual([]);
  expect(confirmed.filter((flow) => flow.confirmedAt! > downAt).length).toBeGreaterThan(10);
  // Once the balancer knew, nothing needed a second attempt.
  expect(afterDown.length).toBeGreaterThan(0);
  expect(afterDown.filter((attempt) => attempt.attempt > 1 || attempt.status !== 200)).toEqual([]);

  // The database: each confirmed order once, with the number its shopper was told; nothing else.
  {
    const { byOrderId, perCart } = await placedOrders(database, RUN);
    expect([...byOrderId].filter(([, numbers]) => numbers.length > 1)).toEqual([]);
    const told = Object.fromEntries(confirmed.map((flow) => [flow.orderId, [flow.orderNumber]]));
    expect(Object.fromEntries(byOrderId)).toEqual(told);
    expect([...perCart].filter(([, count]) => count > 1)).toEqual([]);
  }
});
