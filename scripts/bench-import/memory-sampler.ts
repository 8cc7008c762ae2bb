import fs from 'node:fs';
import { memoryKb } from '../bench-cluster/proc-usage';

/**
 * Each instance's resident memory during an import: /proc/<pid>/status VmRSS read every
 * SAMPLE_MS, and the kernel's own peak (VmHWM, reset before the run through
 * /proc/<pid>/clear_refs — where that is refused, the samples alone), so a spike between two
 * samples is not missed. MB are MiB.
 */
const SAMPLE_MS = 100;

const mb = (kb: number) => kb / 1024;

/** An instance's resting RSS: the median of samples over `ms`, while it does nothing. */
export async function restingRssMb(pids: number[], ms = 1500): Promise<number[]> {
  const samples: number[][] = pids.map(() => []);
  for (const end = performance.now() + ms; performance.now() < end;) {
    pids.forEach((pid, i) => samples[i].push(mb(memoryKb(pid, 'VmRSS'))));
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  return samples.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
}

function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface MemorySampler {
  /** Stops sampling; each instance's peak RSS (MB) since the start. */
  stop(): number[];
}

export function sampleMemory(pids: number[]): MemorySampler {
  const reset = pids.map(resetPeak);
  const peaks = pids.map((pid) => mb(memoryKb(pid, 'VmRSS')));
  const timer = setInterval(() => {
    pids.forEach((pid, i) => {
      peaks[i] = Math.max(peaks[i], mb(memoryKb(pid, 'VmRSS')));
    });
  }, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return pids.map((pid, i) => Math.max(peaks[i], mb(memoryKb(pid, 'VmRSS')), reset[i] ? mb(memoryKb(pid, 'VmHWM')) : 0));
    },
  };
}
