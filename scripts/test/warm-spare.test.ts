import { supervisedCluster } from './supervised-cluster';

/**
 * A warm spare (issue #37: a killed instance is back in the balancer within 10 s, whatever its
 * start costs): two instances and one spare on a throwaway PostgreSQL behind HAProxy, started
 * by the same library as `npm run start:cluster` with its supervisor (API only). The spare is
 * checked but sent nothing; when a serving instance is SIGKILLed the spare serves in its place
 * without waiting for any restart, no request fails, and the killed one's restart waits drained
 * as the next spare. Waits have deadlines; nothing asserts how long it took.
 */
jest.setTimeout(120_000);

// A restart that waits 3 s: the spare's taking over is seen on its own, before any restart.
const shop = supervisedCluster({ instances: 2, spares: 1, supervise: { policy: { baseDelayMs: 3000 } } });
const { events, waitFor } = shop;

async function throughBalancer(): Promise<{ status: number; servedBy: string }> {
  const response = await fetch(`${shop.cluster.balancerUrl}/api/catalog/vue_storefront_catalog/product/_search?size=1`, { signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer();
  return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '' };
}

const statuses = async () => Object.fromEntries((await shop.cluster.balancer!.servers()).filter((s) => s.name !== 'BACKEND').map((s) => [s.name, s.status]));

test('the spare is checked but sent nothing', async () => {
  expect(shop.cluster.instances.map((instance) => instance.name)).toEqual(['api1', 'api2']);
  expect(shop.cluster.spares.map((instance) => instance.name)).toEqual(['api3']);
  expect(await statuses()).toEqual({ api1: 'UP', api2: 'UP', api3: 'DRAIN' });
  const answers = await Promise.all(Array.from({ length: 20 }, () => throughBalancer()));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['api1', 'api2']));
  // It is a whole instance all the same: loaded, answering on its own port.
  const direct = await fetch(`${shop.cluster.spares[0].url}/api/catalog/vue_storefront_catalog/product/_search?size=1`);
  expect(direct.status).toBe(200);
  expect(((await direct.json()) as { hits: { hits: unknown[] } }).hits.hits).toHaveLength(1);
});

test('kill -9 of a serving instance: the spare serves in its place before any restart, no request fails, the restart becomes the spare', async () => {
  const [api1, api2] = shop.cluster.instances;
  const api3 = shop.cluster.spares[0];
  const oldPid = api2.pid;
  const answers: { status: number; servedBy: string }[] = [];
  let sending = true;
  const client = (async () => {
    while (sending) answers.push(await throughBalancer());
  })();
  await waitFor('a few answers before the kill', () => (answers.length >= 10 ? true : undefined));
  shop.cluster.signal(api2, 'SIGKILL');
  expect(await api2.exited).toBe('SIGKILL');

  const promoted = await waitFor('the spare promoted', () => events.find((event) => event.type === 'promoted'));
  expect(promoted).toMatchObject({ name: 'api3', replaces: 'api2' });
  // Serving in its place while api2's restart has not even started (its delay is 3 s).
  expect(events.some((event) => event.type === 'started')).toBe(false);
  await waitFor('answers from api3 through HAProxy', () => (answers.slice(-5).some((answer) => answer.servedBy === 'api3') ? true : undefined));
  expect(shop.cluster.instances).toEqual([api1, api3]);
  expect(shop.cluster.spares).toEqual([api2]);

  await waitFor('api2 back as the spare', () => events.find((event) => event.type === 'rejoined'));
  sending = false;
  await client;
  expect(api2.pid).not.toBe(oldPid);
  expect(await statuses()).toEqual({ api1: 'UP', api2: 'DRAIN', api3: 'UP' });
  expect(events.map((event) => [event.type, event.name])).toEqual([
    ['restarting', 'api2'], // decided at once; the promotion is reported once HAProxy has done it
    ['promoted', 'api3'],
    ['started', 'api2'],
    ['ready', 'api2'],
    ['rejoined', 'api2'],
  ]);
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  // Once api3 served, the balancer sent nothing more to api2: not to the dead process, not to its restart.
  const firstOfApi3 = answers.findIndex((answer) => answer.servedBy === 'api3');
  expect(answers.slice(firstOfApi3).filter((answer) => answer.servedBy === 'api2')).toEqual([]);
  expect(shop.cluster.supervisor!.status().map((status) => [status.name, status.role, status.state])).toEqual([
    ['api1', 'serving', 'running'],
    ['api2', 'spare', 'running'],
    ['api3', 'serving', 'running'],
  ]);
  console.log(
    `kill -9 of api2 → api3 serving in its place ${Math.round((promoted as { sinceEndMs: number }).sinceEndMs)} ms after; ${answers.length} requests, all 200`,
  );
});
