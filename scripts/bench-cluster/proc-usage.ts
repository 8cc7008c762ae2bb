import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU and memory of the shop's processes and of the whole machine, read from /proc. */

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function statFields(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (with its waited-for children's: PostgreSQL's ended backends). */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime are fields 14–17 of /proc/pid/stat: 11–14 counted from the state field.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
}

export function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === parent);
}

/** kB figures of /proc/pid/status (VmRSS, VmHWM) and smaps_rollup (Pss). */
export function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM' | 'Pss'): number {
  try {
    const file = field === 'Pss' ? `/proc/${pid}/smaps_rollup` : `/proc/${pid}/status`;
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface Processes {
  instances: number[];
  postgres: number | null;
  haproxy: number | null;
}

/** The whole machine's CPU time (all cores) from /proc/stat: busy (not idle or waiting for I/O) and stolen by the hypervisor, in seconds. */
function machineCpu(): { busy: number; steal: number } {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = values.map(Number);
  return { busy: (user + nice + system + irq + softirq) / TICKS, steal: (steal ?? 0) / TICKS };
}

export function cpuSnapshot(processes: Processes) {
  const postgres = processes.postgres ? [processes.postgres, ...childrenOf(processes.postgres)] : [];
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    instances: processes.instances.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    postgres: postgres.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    haproxy: processes.haproxy ? cpuSeconds(processes.haproxy) : 0,
    load: (self.user + self.system) / 1e6,
    machine: machineCpu(),
  };
}
type CpuSnapshot = ReturnType<typeof cpuSnapshot>;
/** Share of one core each used between two snapshots (100 = one core busy all the time). */
export function cpuPercent(before: CpuSnapshot, after: CpuSnapshot) {
  const wall = (after.at - before.at) / 1000;
  const pct = (key: 'instances' | 'postgres' | 'haproxy' | 'load') => (100 * (after[key] - before[key])) / wall;
  return {
    instances: pct('instances'),
    postgres: pct('postgres'),
    haproxy: pct('haproxy'),
    load: pct('load'),
    machine: (100 * (after.machine.busy - before.machine.busy)) / wall,
    steal: (100 * (after.machine.steal - before.machine.steal)) / wall,
  };
}

export type CpuPercent = ReturnType<typeof cpuPercent>;
