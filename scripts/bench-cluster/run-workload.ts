import type { ClusterInstance } from '../lib/cluster/instances';
import type { BenchData } from './bench-data';
import { sampleSessions } from './postgres-sessions';
import { cpuPercent, cpuSnapshot, type CpuPercent, type Processes } from './proc-usage';
import { chosenWorkloads, freshSteps, type Workload } from './workloads';

/*
 * One workload run with autocannon (in this process) against a URL: warmed up, then measured
 * with the CPU of the shop's processes and PostgreSQL's sessions sampled; the instances are let
 * settle before and after.
 */
/** autocannon, typed as this bench uses it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  duration: number;
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** The load: connections, and seconds of warm-up and of measuring per workload. */
export interface LoadOptions {
  connections: number;
  warmupS: number;
  durationS: number;
}

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  statuses: string;
  errors: number;
  cpu: CpuPercent;
  waits: string;
}

/**
 * Waits until every instance answers its health check within 100 ms twice running: the work
 * queued by the previous workload (autocannon leaves when its time is up; the instances finish
 * what they were sent) is not counted against the next (at most 30 s).
 */
async function settle(urls: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const url of urls) {
    for (let quick = 0; quick < 2 && Date.now() < deadline;) {
      const started = performance.now();
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.ok,
        () => false,
      );
      quick = ok && performance.now() - started < 100 ? quick + 1 : 0;
      if (quick < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function runWorkload(
  url: string,
  workload: Workload,
  processes: Processes,
  instanceUrls: string[],
  databaseUrl: string | null,
  load: LoadOptions,
): Promise<Figures> {
  await settle(instanceUrls);
  await autocannon({ url, connections: load.connections, duration: load.warmupS, requests: workload.requests(freshSteps()) });
  const steps = freshSteps();
  const sessions = databaseUrl ? sampleSessions(databaseUrl) : null;
  const before = cpuSnapshot(processes);
  const result = await autocannon({ url, connections: load.connections, duration: load.durationS, requests: workload.requests(steps) });
  const after = cpuSnapshot(processes);
  const waits = (await sessions?.()) ?? '';
  await settle(instanceUrls);
  const [main, ...others] = steps;
  return {
    perSecond: main.ok / result.duration,
    p50: percentile(main.latencies, 0.5),
    p99: percentile(main.latencies, 0.99),
    failed: main.failed + others.reduce((sum, step) => sum + step.failed, 0),
    statuses: steps
      .flatMap((step) => Object.entries(step.statuses).map(([status, count]) => `${step.name === 'main' ? workload.unit : step.name} ${status}×${count}`))
      .join(', '),
    errors: result.errors + result.timeouts,
    cpu: cpuPercent(before, after),
    waits,
  };
}

/** Each workload once (2 s) against each instance first: what follows is measured on warmed-up code (JIT, caches, heap). */
export async function warmUp(instances: ClusterInstance[], data: BenchData, connections: number, only: readonly string[] = []) {
  for (const instance of instances) {
    for (const workload of chosenWorkloads(data, only)) {
      await autocannon({ url: instance.url, connections, duration: 2, requests: workload.requests(freshSteps()) });
    }
  }
  await settle(instances.map((instance) => instance.url));
}
