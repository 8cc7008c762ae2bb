import { supervisedCluster } from './supervised-cluster';

/**
 * The cluster heals a dead instance (issue #37): two instances on a throwaway PostgreSQL behind
 * HAProxy, started by the same library as `npm run start:cluster` with its supervisor on (API
 * only; shorter restart delays — the delays themselves are restart-policy.test.ts's). An
 * instance SIGKILLed is started again and answers through the balancer again; an instance that
 * exits at once every time it is started (a bad setting given to its restarts through the
 * test's hook) is given up after the limit and reported, while the other serves every request;
 * stopping the cluster restarts nothing. Waits have deadlines; nothing asserts how long it took.
 */
jest.setTimeout(120_000);

const MAX_RESTARTS = 3;
/** Instances whose restarts get a setting the API refuses at start (it exits at once, code 1). */
const broken = new Set<string>();
const shop = supervisedCluster({
  instances: 2,
  supervise: {
    policy: { baseDelayMs: 100, maxDelayMs: 400, maxRestarts: MAX_RESTARTS },
    restartEnv: (name): Record<string, string> => (broken.has(name) ? { STORE_CODE: 'not a store code' } : {}),
  },
});
const { events, lines, waitFor } = shop;

/** One request through the balancer: its status and which instance answered. */
async function throughBalancer(): Promise<{ status: number; servedBy: string }> {
  const response = await fetch(`${shop.cluster.balancerUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer();
  return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '' };
}

const stateOf = async (name: string) => (await shop.cluster.balancer!.servers()).find((server) => server.name === name)?.status;

test('kill -9 of an instance: restarted on its port, and it answers through the balancer again', async () => {
  const victim = shop.cluster.instances[1];
  const { pid: oldPid, exited: oldExited, port } = victim;
  const killedAt = performance.now();
  shop.cluster.signal(victim, 'SIGKILL');
  expect(await oldExited).toBe('SIGKILL');

  // Round robin: once HAProxy has taken it back, every other request is the restarted instance's.
  const answers: { status: number; servedBy: string }[] = [];
  await waitFor('an answer from the restarted api2 through HAProxy', async () => {
    const answer = await throughBalancer();
    answers.push(answer);
    return answer.servedBy === victim.name && victim.pid !== oldPid ? answer : undefined;
  });
  const backAfterMs = performance.now() - killedAt;
  await waitFor('the supervisor saw it back in the balancer', () => events.find((event) => event.type === 'rejoined'));

  expect(victim.pid).not.toBe(oldPid); // a new process…
  expect(victim.port).toBe(port); // …on the same port
  expect(events.map((event) => [event.type, event.name])).toEqual([
    ['restarting', 'api2'],
    ['started', 'api2'],
    ['ready', 'api2'],
    ['rejoined', 'api2'],
  ]);
  expect(events[0]).toMatchObject({ pid: oldPid, exit: 'SIGKILL', attempt: 1, delayMs: 100 });
  const restartLine = lines.find((line) => line.startsWith(`supervisor: api2 (pid ${oldPid}) ended (SIGKILL) after `));
  expect(restartLine).toMatch(/ up: restarting it in 0\.1 s \(attempt 1 of 3\)$/);
  expect(shop.cluster.supervisor!.status()).toEqual([
    { name: 'api1', pid: shop.cluster.instances[0].pid, role: 'serving', state: 'running', restarts: 0 },
    { name: 'api2', pid: victim.pid, role: 'serving', state: 'running', restarts: 1 },
  ]);
  expect(await stateOf('api2')).toBe('UP');
  // Nobody noticed: a request to the dead instance was sent to the other one (a refused connection is retried).
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  console.log(`kill -9 of api2 → answering through HAProxy again after ${Math.round(backAfterMs)} ms (${answers.length} requests meanwhile, all 200)`);
});

test('an instance that exits at once whenever it is started is given up after the limit and reported; the other serves on', async () => {
  broken.add('api1');
  const victim = shop.cluster.instances[0];
  const firstPid = victim.pid;
  const from = events.length;
  shop.cluster.signal(victim, 'SIGKILL');
  const gaveUp = await waitFor('the supervisor giving up on api1', () => events.find((event) => event.type === 'gave-up'));

  const api1Events = events.slice(from).filter((event) => event.name === 'api1');
  expect(api1Events.filter((event) => event.type === 'restarting').map((event) => event.type === 'restarting' && [event.exit, event.attempt])).toEqual([
    ['SIGKILL', 1],
    [1, 2],
    [1, 3],
  ]);
  expect(api1Events.some((event) => event.type === 'ready')).toBe(false);
  expect(gaveUp).toMatchObject({ name: 'api1', exit: 1, restarts: MAX_RESTARTS });
  expect(gaveUp.type === 'gave-up' && gaveUp.lastLines).toContain('STORE_CODE must match');
  const report = lines.find((line) => line.includes('a crash loop'))!;
  expect(report).toContain(`supervisor: api1 (pid ${victim.pid}) ended (exit code 1) again: a crash loop — 3 restarts in a row`);
  expect(report).toContain('Not restarting api1 any more');
  expect(report).toContain('STORE_CODE must match');
  expect(victim.pid).not.toBe(firstPid);
  expect(shop.cluster.supervisor!.status().map((status) => [status.name, status.state, status.restarts])).toEqual([
    ['api1', 'gave-up', MAX_RESTARTS],
    ['api2', 'running', 1],
  ]);

  // The balancer has it down; every request is the other instance's, and answered.
  await waitFor('HAProxy marking api1 down', async () => ((await stateOf('api1'))?.startsWith('DOWN') ? true : undefined));
  const answers = await Promise.all(Array.from({ length: 10 }, () => throughBalancer()));
  expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, servedBy: 'api2' })));
  // Nothing is pending: the given-up instance stays down.
  expect(events.at(-1)).toBe(gaveUp);
});

test('stopping the cluster restarts nothing', async () => {
  const running = shop.cluster.instances[1];
  const before = events.length;
  await shop.cluster.stop();
  expect(await running.exited).toBe(0); // SIGINT: it closed and exited
  expect(events.slice(before)).toEqual([]);
  expect(shop.cluster.supervisor!.status().map((status) => status.state)).toEqual(['gave-up', 'running']);
});
