import os from 'node:os';
import type { ClusterInstance } from '../lib/cluster/instances';
import type { BenchData } from './bench-data';
import { memoryKb, type CpuPercent, type Processes } from './proc-usage';
import { runWorkload, type Figures, type LoadOptions } from './run-workload';
import { chosenWorkloads } from './workloads';

/** One setup measured (1 × SQLite, 2 × PG + HAProxy…): where to send the load, whose CPU to count. */
export interface Setup {
  name: string;
  url: string;
  processes: Processes;
  instances: ClusterInstance[];
  databaseUrl: string | null;
}

/** Figures per setup, then per workload. */
export type Results = Map<string, Map<string, Figures>>;

/** Runs every workload on one setup, printing each one's figures; answers them by workload name. */
export async function benchSetup(setup: Setup, data: BenchData, load: LoadOptions, only: readonly string[] = []): Promise<Map<string, Figures>> {
  console.log(`\n${setup.name} (${setup.url})`);
  const figures = new Map<string, Figures>();
  for (const workload of chosenWorkloads(data, only)) {
    const measured = await runWorkload(
      setup.url,
      workload,
      setup.processes,
      setup.instances.map((instance) => instance.url),
      setup.databaseUrl,
      load,
    );
    figures.set(workload.name, measured);
    const cpu = measured.cpu;
    console.log(
      `  ${workload.name.padEnd(14)} ${Math.round(measured.perSecond).toString().padStart(6)} ${workload.unit}/s  p50 ${measured.p50.toFixed(1).padStart(6)} ms  p99 ${measured.p99.toFixed(1).padStart(6)} ms` +
        `  non-2xx ${measured.failed}${measured.statuses ? ` (${measured.statuses})` : ''}, errors ${measured.errors}`,
    );
    console.log(
      `  ${''.padEnd(14)} CPU, % of one core: instances ${cpu.instances.toFixed(0)}, postgres ${cpu.postgres.toFixed(0)}, haproxy ${cpu.haproxy.toFixed(0)}, load generator ${cpu.load.toFixed(0)}; ` +
        `the machine ${cpu.machine.toFixed(0)} of ${os.cpus().length * 100}${cpu.steal >= 1 ? ` (+${cpu.steal.toFixed(0)} stolen)` : ''}, ` +
        `other processes and the kernel ${others(cpu).toFixed(0)}${measured.waits ? `; postgres sessions: ${measured.waits}` : ''}`,
    );
  }
  return figures;
}

/** CPU the machine spent on neither the shop nor the load generator: the kernel's own work (I/O, fsync) and anything else running. */
const others = (cpu: CpuPercent) => Math.max(0, cpu.machine - cpu.instances - cpu.postgres - cpu.haproxy - cpu.load);
/**
 * A run during which something else took more than this share of a core is flagged in the
 * summary: reads leave the kernel little to do (≤ 10 on a quiet machine); writes add its WAL and
 * file I/O (up to ~45).
 */
const DISTURBED: Record<string, number> = { listing: 25, 'product view': 25, 'add to cart': 60, 'order placing': 60 };

/** A process's memory now and at its peak, as a line of the report. */
export function memoryLine(name: string, pid: number) {
  return `  ${name.padEnd(22)} RSS ${(memoryKb(pid, 'VmRSS') / 1024).toFixed(0).padStart(5)} MB   peak ${(memoryKb(pid, 'VmHWM') / 1024).toFixed(0).padStart(5)} MB`;
}

/** The summary: every setup side by side per workload, the runs another process disturbed, work per CPU-second. */
export function summaryTable(results: Results, connections: number) {
  const setups = [...results.keys()];
  const names = [...results.values().next().value!.keys()];
  const width = 20;
  console.log(`\nSummary: operations/s · p99 of the step (ms), ${connections} connections · ${os.cpus().length} cores`);
  console.log(`  ${''.padEnd(14)}${setups.map((name) => name.padStart(width)).join('')}`);
  for (const workload of names) {
    console.log(
      `  ${workload.padEnd(14)}${setups
        .map((setup) => {
          const figures = results.get(setup)!.get(workload)!;
          return `${Math.round(figures.perSecond)} · ${figures.p99.toFixed(0)}`.padStart(width);
        })
        .join('')}`,
    );
  }
  const disturbed = setups.flatMap((setup) =>
    names.filter((workload) => others(results.get(setup)!.get(workload)!.cpu) > DISTURBED[workload]).map((workload) => `${setup} ${workload}`),
  );
  if (disturbed.length > 0)
    console.log(`  ⚠ other processes took a share of the cores during: ${disturbed.join('; ')} — those figures are low; run again on a quiet machine`);
  console.log('  per CPU-second the shop (instances + PostgreSQL + HAProxy) used:');
  for (const workload of names) {
    console.log(
      `  ${workload.padEnd(14)}${setups
        .map((setup) => {
          const { perSecond, cpu } = results.get(setup)!.get(workload)!;
          const used = (cpu.instances + cpu.postgres + cpu.haproxy) / 100;
          return `${Math.round(perSecond / used)}`.padStart(width);
        })
        .join('')}`,
    );
  }
}
