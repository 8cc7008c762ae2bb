import type { ClusterInstance } from './instances';
import type { RestartPolicy } from './restart-policy';
import { superviseInstances, type InstanceProcess, type Role, type SupervisorEvent } from './supervisor';
import { manualTimers } from './testing/manual-timers';

/**
 * The supervisor's decisions with fake processes and a hand-driven clock: what it restarted, when
 * (by the clock it was given), and what it reported. scripts/test/supervisor.test.ts does the
 * same with a real cluster.
 */
interface FakeProcess extends InstanceProcess {
  end(exit: number | string): void;
  becomeReady(): void;
}

function fakeProcess(pid: number): FakeProcess {
  let end!: (exit: number | string) => void;
  let becomeReady!: () => void;
  const exited = new Promise<number | string>((resolve) => {
    end = resolve;
  });
  const ready = new Promise<void>((resolve, reject) => {
    becomeReady = resolve;
    void exited.then((exit) => reject(new Error(`ended (${exit})`)));
  });
  ready.catch(() => {});
  return { pid, exited, ready, end, becomeReady };
}

/**
 * Two running instances (and `spareCount` spares after them) under a supervisor; a restarted
 * process becomes ready at once unless `whenStarted` says otherwise.
 */
function harness(policy: Partial<RestartPolicy> = {}, rejoined: (instance: ClusterInstance, role: Role) => Promise<void> = async () => {}, spareCount = 0) {
  const timers = manualTimers();
  const first = Array.from({ length: 2 + spareCount }, (_, i) => fakeProcess(101 + i));
  const records: ClusterInstance[] = first.map((child, i) => ({
    name: `api${i + 1}`,
    port: 4001 + i,
    url: `http://127.0.0.1:${4001 + i}`,
    pid: child.pid,
    logFile: `/nowhere/api${i + 1}.log`,
    exited: child.exited,
  }));
  const instances = records.slice(0, 2);
  const spares = records.slice(2);
  const promoted: [string, string][] = [];
  const started: FakeProcess[] = [];
  const events: SupervisorEvent[] = [];
  const lines: string[] = [];
  const killed: [number, string][] = [];
  let nextPid = 201;
  const state = { whenStarted: (child: FakeProcess) => child.becomeReady() };
  const supervisor = superviseInstances({
    instances,
    spares: spareCount > 0 ? spares : undefined,
    promote: async (spare, ended) => {
      promoted.push([spare.name, ended.name]);
    },
    start: () => {
      const child = fakeProcess(nextPid);
      nextPid += 1;
      started.push(child);
      state.whenStarted(child);
      return child;
    },
    policy,
    timers,
    kill: (pid, signal) => {
      killed.push([pid, signal]);
      started.find((child) => child.pid === pid)?.end(signal);
    },
    rejoined,
    lastLines: (instance) => `${instance.name}: could not start: Error: STORE_CODE must match ^[a-z0-9_]{1,32}$`,
    log: (line) => lines.push(line),
    onEvent: (event) => events.push(event),
  });
  const restarts = () => events.filter((event) => event.type === 'restarting').map((event) => event.type === 'restarting' && [event.attempt, event.delayMs]);
  return { timers, first, instances, spares, records, promoted, started, events, lines, killed, state, supervisor, restarts };
}

test('a killed instance is started again after the first delay, on the same record, and reported back in the balancer', async () => {
  const { timers, first, instances, started, events, lines, supervisor } = harness();
  await timers.advance(3_600_000); // up an hour
  first[1].end('SIGKILL');
  await timers.settle();
  expect(supervisor.status().map((status) => status.state)).toEqual(['running', 'waiting']);
  expect(timers.pendingDelays()).toEqual([500]);
  expect(started).toHaveLength(0);

  await timers.advance(500);
  expect(started).toHaveLength(1);
  expect(instances[1].pid).toBe(started[0].pid); // the cluster's signal and stop reach the new process
  expect(instances[1].exited).toBe(started[0].exited);
  expect(events.map((event) => event.type)).toEqual(['restarting', 'started', 'ready', 'rejoined']);
  expect(events[0]).toEqual({ type: 'restarting', name: 'api2', pid: 102, exit: 'SIGKILL', upForMs: 3_600_000, attempt: 1, delayMs: 500 });
  expect(lines[0]).toBe('supervisor: api2 (pid 102) ended (SIGKILL) after 1 h 0 min up: restarting it in 0.5 s (attempt 1 of 5)');
  expect(lines.at(-1)).toBe('supervisor: api2 is back in the balancer, 0.5 s after it ended');
  expect(supervisor.status()).toEqual([
    { name: 'api1', pid: 101, role: 'serving', state: 'running', restarts: 0 },
    { name: 'api2', pid: 201, role: 'serving', state: 'running', restarts: 1 },
  ]);
  expect(timers.pendingDelays()).toEqual([]); // no ready timeout left behind
});

test('an instance that exits at once every time is restarted with growing delays, then given up and reported; the other runs on', async () => {
  const { timers, first, started, events, lines, state, supervisor, restarts } = harness();
  state.whenStarted = (child) => child.end(1);
  first[1].end(1);
  await timers.advance(60_000);

  expect(restarts()).toEqual([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [4, 4000],
    [5, 8000],
  ]);
  expect(started).toHaveLength(5);
  const gaveUp = events.at(-1)!;
  expect(gaveUp).toMatchObject({ type: 'gave-up', name: 'api2', pid: started[4].pid, exit: 1, restarts: 5 });
  expect(lines.at(-1)).toContain('api2 (pid 205) ended (exit code 1) again: a crash loop — 5 restarts in a row');
  expect(lines.at(-1)).toContain('Not restarting api2 any more; the other instances keep serving');
  expect(lines.at(-1)).toContain('    api2: could not start: Error: STORE_CODE must match');
  expect(supervisor.status().map((status) => [status.name, status.state, status.restarts])).toEqual([
    ['api1', 'running', 0],
    ['api2', 'gave-up', 5],
  ]);
  expect(timers.pendingDelays()).toEqual([]);
  expect(lines.some((line) => line.includes('no instance is left'))).toBe(false);

  // The last one left crash-looping too: said once, plainly.
  first[0].end(1);
  await timers.advance(60_000);
  expect(supervisor.status().map((status) => status.state)).toEqual(['gave-up', 'gave-up']);
  expect(lines.at(-1)).toBe('supervisor: no instance is left: the balancer answers 503 to every request');
});

test('an instance that never becomes ready is killed after the ready timeout, and that counts toward the crash loop', async () => {
  const { timers, first, started, killed, events, state, supervisor, restarts } = harness({ readyTimeoutMs: 20_000, maxRestarts: 2 });
  state.whenStarted = () => {}; // listens never
  first[0].end('SIGSEGV');
  await timers.advance(500);
  expect(started).toHaveLength(1);
  expect(supervisor.status()[0].state).toBe('starting');

  await timers.advance(20_000);
  expect(killed).toEqual([[started[0].pid, 'SIGKILL']]);
  expect(events.filter((event) => event.type === 'not-ready')).toEqual([{ type: 'not-ready', name: 'api1', pid: started[0].pid, afterMs: 20_000 }]);
  await timers.advance(60_000);
  expect(restarts()).toEqual([
    [1, 500],
    [2, 1000],
  ]);
  expect(events.at(-1)).toMatchObject({ type: 'gave-up', name: 'api1', exit: 'SIGKILL', restarts: 2 });
});

test('the backoff starts over once an instance has stayed up stableMs, and not before', async () => {
  const { timers, first, started, restarts } = harness();
  first[0].end(1);
  await timers.advance(500);
  await timers.advance(10_000); // up 10 s: not recovered
  started[0].end(1);
  await timers.advance(1000);
  await timers.advance(30_000); // up 30 s: recovered
  started[1].end(1);
  await timers.advance(500);
  expect(restarts()).toEqual([
    [1, 500],
    [2, 1000],
    [1, 500],
  ]);
});

test('stopping cancels a pending restart, and an instance ending after the stop is not started again', async () => {
  const { timers, first, started, events, supervisor } = harness();
  first[0].end('SIGINT');
  await timers.settle();
  expect(timers.pendingDelays()).toEqual([500]);
  supervisor.stop();
  expect(timers.pendingDelays()).toEqual([]);
  first[1].end(0); // Ctrl-C reaches the instances too
  await timers.advance(60_000);
  expect(started).toHaveLength(0);
  expect(events.map((event) => event.type)).toEqual(['restarting']);
});

test('a restarted instance the balancer does not take back is reported, not restarted', async () => {
  const { timers, first, started, events, lines } = harness({}, () => Promise.reject(new Error('HAProxy: servers not as expected after 30000 ms')));
  first[1].end('SIGKILL');
  await timers.advance(500);
  expect(started).toHaveLength(1);
  expect(events.at(-1)).toMatchObject({ type: 'rejoin-failed', name: 'api2', pid: started[0].pid });
  expect(lines.at(-1)).toBe('supervisor: api2 listens but the balancer has not taken it back: Error: HAProxy: servers not as expected after 30000 ms');
});

test('a warm spare takes the place of a serving instance that ends, at once; the restart becomes the spare', async () => {
  const rejoins: [string, Role][] = [];
  const { timers, first, instances, spares, records, promoted, started, events, lines, supervisor } = harness(
    {},
    async (instance, role) => {
      rejoins.push([instance.name, role]);
    },
    1,
  );
  const [api1, api2, api3] = records;
  await timers.advance(60_000);
  first[1].end('SIGKILL');
  await timers.settle();
  // Before any restart delay has passed: api3 serves in api2's place, and the cluster's lists say so.
  expect(promoted).toEqual([['api3', 'api2']]);
  expect(started).toHaveLength(0);
  expect(instances).toEqual([api1, api3]);
  expect(spares).toEqual([api2]);
  expect(events.find((event) => event.type === 'promoted')).toEqual({ type: 'promoted', name: 'api3', pid: 103, replaces: 'api2', sinceEndMs: 0 });
  expect(lines).toContain("supervisor: api3 (the spare, pid 103) serves in api2's place, 0.0 s after api2 ended; api2's restart will be the spare");

  await timers.advance(500);
  expect(started).toHaveLength(1);
  expect(rejoins).toEqual([['api2', 'spare']]); // its restart waits drained, as the spare
  expect(events.at(-1)).toMatchObject({ type: 'rejoined', name: 'api2', role: 'spare' });
  expect(lines.at(-1)).toBe('supervisor: api2 is back in the balancer as the spare (checked, sent nothing), 0.5 s after it ended');
  expect(supervisor.status()).toEqual([
    { name: 'api1', pid: 101, role: 'serving', state: 'running', restarts: 0 },
    { name: 'api2', pid: 201, role: 'spare', state: 'running', restarts: 1 },
    { name: 'api3', pid: 103, role: 'serving', state: 'running', restarts: 0 },
  ]);

  // The new spare stands in for the next one that ends.
  first[2].end('SIGKILL');
  await timers.settle();
  expect(promoted).toEqual([
    ['api3', 'api2'],
    ['api2', 'api3'],
  ]);
  expect(instances).toEqual([api1, api2]);
  expect(spares).toEqual([api3]);
});

test('a spare that ends is restarted as a spare; a serving instance ending while no spare is ready is restarted in its own place', async () => {
  const rejoins: [string, Role][] = [];
  const { timers, first, instances, spares, records, promoted, started, state, lines, supervisor } = harness(
    {},
    async (instance, role) => {
      rejoins.push([instance.name, role]);
    },
    1,
  );
  state.whenStarted = () => {}; // restarts take their time
  first[2].end('SIGKILL'); // the spare
  await timers.advance(500);
  expect(promoted).toEqual([]);
  expect(started).toHaveLength(1);
  expect(supervisor.status()[2]).toMatchObject({ name: 'api3', role: 'spare', state: 'starting' });

  first[0].end('SIGKILL'); // a serving one, while the spare is still starting
  await timers.settle();
  expect(promoted).toEqual([]);
  expect(lines).toContain("supervisor: no spare is ready to take api1's place: it is missed until its restart is ready");
  expect(instances).toEqual(records.slice(0, 2));
  expect(spares).toEqual([records[2]]);
  await timers.advance(500);
  started[0].becomeReady();
  started[1].becomeReady();
  await timers.settle();
  expect(rejoins).toEqual([
    ['api3', 'spare'],
    ['api1', 'serving'],
  ]);
});
