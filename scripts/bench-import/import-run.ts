import { spawn, type ChildProcess } from 'node:child_process';
import type { ImportJob } from '../../api/public/catalog-import';
import { REPO_ROOT } from '../lib/repo-root';
import type { Balancer } from '../lib/cluster/balancer';
import type { ClusterInstance } from '../lib/cluster/instances';
import { childrenOf, cpuSeconds } from '../bench-cluster/proc-usage';
import { restingRssMb, sampleMemory } from './memory-sampler';

/**
 * One measured import: the file sent with the operator's command as an operator runs it —
 * `npm run catalog:import -- <file> --shop <balancer> --token <token>` — and, from the moment the
 * command is started:
 *
 * - checked: the import committed (the job left `checking`: the file read, every row checked
 *   and the change written in one transaction) — the job's `startedAt` + its report's `ms`;
 * - applied: the job `done` (its instance shows the change too) — the job's `finishedAt`;
 * - visible on every instance: each instance asked directly, past the balancer, for the probes'
 *   `price_incl_tax` every PROBE_EVERY_MS until all of them show the file's price;
 * - the command's own exit (code and time);
 * - each instance's resting RSS just before and its peak during the run (memory-sampler.ts), and
 *   the CPU seconds of the instances and of PostgreSQL (its backends included) over the run;
 * - how long HAProxy held each instance out (its health checks failing: an instance busy for
 *   over a second per check) and how long it had no instance at all (every shopper answered 503),
 *   from its statistics every BALANCER_EVERY_MS.
 *
 * The job is also asked for (through the balancer) every JOB_EVERY_MS, and the moment each state
 * was first seen kept, as a check on the job's own times.
 */
const PROBE_EVERY_MS = 100;
const BALANCER_EVERY_MS = 250;
const JOB_EVERY_MS = 100;
/** A run that has not shown its change by then is given up (reported as not visible). */
const GIVE_UP_MS = 15 * 60_000;

export interface Probe {
  sku: string;
  /** The gross price the file sets. */
  price: number;
}

export interface RunFigures {
  exitCode: number | string;
  /** The command's last lines (its report, or why it failed). */
  said: string;
  job: ImportJob | null;
  /** Index into the instances of the one that ran the job; -1 when unknown. */
  importer: number;
  /** Seconds from the command's start. */
  startedS: number | null;
  checkedS: number | null;
  appliedS: number | null;
  /** Per instance; Infinity when not within GIVE_UP_MS. */
  visibleS: number[];
  cliS: number;
  /** The states as first seen by asking (s from the start). */
  seen: Partial<Record<ImportJob['state'], number>>;
  rssRestMb: number[];
  rssPeakMb: number[];
  cpuS: { instances: number[]; postgres: number };
  /** Seconds each instance was not UP in the balancer, and seconds none was (the shop answered 503). */
  outS: number[];
  noneUpS: number;
  wallS: number;
}

async function servedPrice(url: string, sku: string): Promise<number | null> {
  try {
    const response = await fetch(`${url}/api/product-view/${encodeURIComponent(sku)}`, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) return null;
    const answer = (await response.json()) as { result: { product: { price_incl_tax?: number } } };
    return answer.result.product.price_incl_tax ?? null;
  } catch {
    return null;
  }
}

/** Do the instance's answers show every probe's price? */
export async function shows(url: string, probes: readonly Probe[]): Promise<boolean> {
  const prices = await Promise.all(probes.map((probe) => servedPrice(url, probe.sku)));
  return prices.every((price, i) => price !== null && Math.abs(price - probes[i].price) < 0.005);
}

async function readJob(balancerUrl: string, token: string, id: number): Promise<ImportJob | null> {
  try {
    const response = await fetch(`${balancerUrl}/api/catalog/import/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(30_000),
    });
    return response.ok ? ((await response.json()) as { result: { job: ImportJob } }).result.job : null;
  } catch {
    return null;
  }
}

const FINISHED: ImportJob['state'][] = ['done', 'refused', 'failed'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ImportRunOptions {
  file: string;
  balancerUrl: string;
  token: string;
  instances: readonly ClusterInstance[];
  postgresPid: number | null;
  balancer: Balancer | null;
  probes: readonly Probe[];
  /** The command being run now (so Ctrl-C can end it); null once it ended. */
  onChild?: (child: ChildProcess | null) => void;
}

/** Samples the balancer's view of the instances until stopped: seconds each was out, seconds none was up. */
function watchBalancer(balancer: Balancer | null, names: string[]) {
  const outS = names.map(() => 0);
  let noneUpS = 0;
  let stopped = false;
  const watching = (async () => {
    let last = performance.now();
    while (balancer && !stopped) {
      const states = await balancer.servers().catch(() => null);
      const now = performance.now();
      if (states) {
        const up = names.map((name) => states.some((state) => state.name === name && state.status.startsWith('UP')));
        up.forEach((isUp, i) => {
          if (!isUp) outS[i] += (now - last) / 1000;
        });
        if (!up.some(Boolean)) noneUpS += (now - last) / 1000;
      }
      last = now;
      await sleep(BALANCER_EVERY_MS);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await watching;
      return { outS, noneUpS };
    },
  };
}

export async function importRun({ file, balancerUrl, token, instances, postgresPid, balancer, probes, onChild }: ImportRunOptions): Promise<RunFigures> {
  const pids = instances.map((instance) => instance.pid);
  const rssRestMb = await restingRssMb(pids);
  const postgresCpu = () => (postgresPid ? [postgresPid, ...childrenOf(postgresPid)].reduce((sum, pid) => sum + cpuSeconds(pid), 0) : 0);
  const cpuBefore = { instances: pids.map(cpuSeconds), postgres: postgresCpu() };
  const memory = sampleMemory(pids);
  const balancerView = watchBalancer(
    balancer,
    instances.map((instance) => instance.name),
  );
  const startedAt = Date.now();
  const since = () => (Date.now() - startedAt) / 1000;

  // Its own process group: ended as a whole (npm, tsx and the command) when the benchmark is interrupted.
  const child = spawn('npm', ['run', 'catalog:import', '--', file, '--shop', balancerUrl, '--token', token], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  onChild?.(child);
  let output = '';
  let jobId: number | null = null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    jobId ??= Number(/import job #(\d+)/.exec(output)?.[1]) || null;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | string; s: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      onChild?.(null);
      resolve({ code: code ?? signal ?? 'exited', s: since() });
    }),
  );
  let cliDone = false;
  void exited.then(() => {
    cliDone = true;
  });

  const seen: RunFigures['seen'] = {};
  const following = (async (): Promise<ImportJob | null> => {
    let last: ImportJob | null = null;
    while (since() * 1000 < GIVE_UP_MS) {
      if (jobId !== null) {
        const job = await readJob(balancerUrl, token, jobId);
        if (job) {
          last = job;
          seen[job.state] ??= since();
          if (FINISHED.includes(job.state)) return job;
        }
      } else if (cliDone) return null; // the command ended before it had a job
      await sleep(JOB_EVERY_MS);
    }
    return last;
  })();

  const visible = Promise.all(
    instances.map(async (instance) => {
      while (since() * 1000 < GIVE_UP_MS) {
        if (await shows(instance.url, probes)) return since();
        // A job that ended without applying never shows: stop asking.
        if (seen.refused !== undefined || seen.failed !== undefined || (cliDone && jobId === null)) return Infinity;
        await sleep(PROBE_EVERY_MS);
      }
      return Infinity;
    }),
  );

  const [job, visibleS, cli] = await Promise.all([following, visible, exited]);
  // The other instance may still be settling its memory right after it shows the change: a moment more.
  await sleep(1000);
  const rssPeakMb = memory.stop();
  const { outS, noneUpS } = await balancerView.stop();
  const cpuS = { instances: pids.map((pid, i) => cpuSeconds(pid) - cpuBefore.instances[i]), postgres: postgresCpu() - cpuBefore.postgres };
  const wallS = since();

  const port = job?.instance ? Number(job.instance.slice(job.instance.lastIndexOf(':') + 1)) : NaN;
  const relative = (iso: string | null | undefined, plusMs = 0) => (iso ? (Date.parse(iso) + plusMs - startedAt) / 1000 : null);
  const report = (job?.report ?? null) as { ms?: number } | null;
  return {
    exitCode: cli.code,
    said: output
      .trim()
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('>'))
      .slice(-4)
      .join(' | '),
    job,
    importer: instances.findIndex((instance) => instance.port === port),
    startedS: relative(job?.startedAt),
    checkedS: report?.ms !== undefined ? relative(job?.startedAt, report.ms) : null,
    appliedS: job?.state === 'done' ? relative(job.finishedAt) : null,
    visibleS,
    cliS: cli.s,
    seen,
    rssRestMb,
    rssPeakMb,
    cpuS,
    outS,
    noneUpS,
    wallS,
  };
}

/** Waits until the instances and PostgreSQL (its backends, autovacuum after a big import) are idle again: under 5 % of a core each over a second, at most `maxMs`. */
export async function settle(pids: number[], postgresPid: number | null, maxMs = 90_000): Promise<void> {
  const postgres = () => (postgresPid ? [postgresPid, ...childrenOf(postgresPid)].reduce((sum, pid) => sum + cpuSeconds(pid), 0) : 0);
  const until = performance.now() + maxMs;
  await sleep(1000);
  while (performance.now() < until) {
    const before = [...pids.map(cpuSeconds), postgres()];
    await sleep(1000);
    const after = [...pids.map(cpuSeconds), postgres()];
    if (after.every((cpu, i) => cpu - before[i] < 0.05)) return;
  }
}
