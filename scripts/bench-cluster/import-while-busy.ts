/* eslint-disable @typescript-eslint/no-explicit-any -- the shop's answers are read as the wire JSON they are. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../lib/repo-root';
import type { ClusterInstance } from '../lib/cluster/instances';
import type { BenchData } from './bench-data';
import { cpuSeconds } from './proc-usage';
import { autocannon } from './run-workload';
import { freshSteps, workloads, type Step } from './workloads';

/** The load beside the import, through the balancer, per workload: connections, and (paced) requests per second across them. */
type Load = Record<'listing' | 'product view' | 'order placing', { connections: number; perSecond?: number }>;
/** As hard as the instances go (bench:cluster's row). */
export const SATURATING: Load = { listing: { connections: 16 }, 'product view': { connections: 16 }, 'order placing': { connections: 4 } };
/**
 * Issue #37's busy shop (`--soak`): 200 orders a minute (an order is 3 requests: a cart, a line,
 * the order) with 40 listings and 60 product views a second.
 */
export const PACED: Load = {
  listing: { connections: 8, perSecond: 40 },
  'product view': { connections: 8, perSecond: 60 },
  'order placing': { connections: 4, perSecond: (200 / 60) * 3 },
};
const describe = (load: Load) =>
  Object.entries(load)
    .map(([name, { connections, perSecond }]) => `${name} (${connections} connections${perSecond ? `, ${perSecond.toFixed(0)} requests/s` : ''})`)
    .join(', ');

export interface ImportWhileBusyOptions {
  balancerUrl: string;
  instances: ClusterInstance[];
  /** An operator's registry token: the import endpoint takes no other. */
  token: string;
  data: BenchData;
  /** Seconds of load; the import is sent a third of the way in. */
  durationS: number;
  load: Load;
  /**
   * How the file goes in: `POST /api/catalog/import` through the balancer (one instance then
   * parses, checks and writes it), or `npm run catalog:import` against the database in a process
   * of its own (`databaseUrl`), every instance only applying the change.
   */
  via?: { endpoint: true } | { cli: true; databaseUrl: string };
}

/** The import through `npm run catalog:import` (scripts/catalog-import.ts) straight to the database; answers its last lines. */
async function importByCli(file: string, databaseUrl: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-import-'));
  try {
    const csv = path.join(dir, 'prices.csv');
    fs.writeFileSync(csv, file);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/catalog-import.ts'), csv], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });
    return stdout.trim().split('\n').slice(-2).join('; ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A price for row `index` of this run's file: whole złoty plus 99 grosze, different from the seed's and from the last run's. */
const priceOf = (index: number, run: number) => 150 + ((index * 7 + run) % 850) + 0.99;

async function servedPrice(url: string, sku: string): Promise<number | null> {
  const response = await fetch(`${url}/api/product-view/${encodeURIComponent(sku)}`);
  if (!response.ok) return null;
  const answer = (await response.json()) as { result: { product: any } };
  return answer.result.product.price_incl_tax ?? null;
}

/**
 * "Import while busy" (issue #37): listing, product-view and order load through the balancer
 * while an operator's price file for `data.importSkus` goes in through it (`POST
 * /api/catalog/import`); each instance is then asked directly, past the balancer, for three of
 * the SKUs until it serves the new price. Prints the import's answer time, when each instance
 * showed the change, each instance's CPU over that window against the same load's CPU in as long
 * a window just before (the excess is what applying the change cost it), and the load's answers
 * by status. Never asserts.
 */
export async function importWhileBusy({ balancerUrl, instances, token, data, durationS, load: profile, via = { endpoint: true } }: ImportWhileBusyOptions) {
  const skus = data.importSkus;
  const run = Date.now() % 997;
  // special_price left empty: cleared, so no running promotion sits above the new price (the import refuses that).
  const file = ['sku;price;special_price', ...skus.map((sku, index) => `${sku};${priceOf(index, run).toFixed(2).replace('.', ',')};`)].join('\n');
  const probes = [0, Math.floor(skus.length / 2), skus.length - 1].map((index) => ({ sku: skus[index], price: priceOf(index, run) }));
  const route = 'cli' in via ? '`npm run catalog:import` (its own process, straight to PostgreSQL)' : `${balancerUrl}/api/catalog/import`;
  console.log(`\nImport while busy: a ${skus.length}-row price file through ${route} a third of the way into ${durationS} s of ${describe(profile)}:`);

  const steps = new Map<string, Step[]>();
  const load = Promise.all(
    workloads(data)
      .filter((workload) => workload.name in profile)
      .map((workload) => {
        const workloadSteps = freshSteps();
        steps.set(workload.name, workloadSteps);
        const { connections, perSecond } = profile[workload.name as keyof Load];
        return autocannon({
          url: balancerUrl,
          connections,
          ...(perSecond ? { overallRate: perSecond } : {}),
          duration: durationS,
          requests: workload.requests(workloadSteps),
        });
      }),
  );
  await new Promise((resolve) => setTimeout(resolve, (durationS * 1000) / 3));

  // The load's own CPU per second on each instance, over a few seconds before the import.
  const baselineStart = instances.map((instance) => cpuSeconds(instance.pid));
  const baselineAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const baselineS = (performance.now() - baselineAt) / 1000;
  const cpuBefore = instances.map((instance) => cpuSeconds(instance.pid));
  const loadRate = cpuBefore.map((cpu, i) => (cpu - baselineStart[i]) / baselineS);
  const sentAt = performance.now();
  let said: string;
  if ('cli' in via) said = `the CLI said: ${await importByCli(file, via.databaseUrl)}`;
  else {
    const response = await fetch(`${balancerUrl}/api/catalog/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${token}` },
      body: file,
    });
    const answer = (await response.json()) as { result: any };
    if (!response.ok) throw new Error(`import: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
    // The import is a job (docs/catalogue.md, "Imports as jobs"): followed until it has ended.
    const job = await followJob(balancerUrl, response.headers.get('location')!, token);
    said = `job ${job.state}: ${job.report?.productsChanged ?? '?'} products changed in ${job.report?.ms ?? '?'} ms`;
  }
  const answeredMs = performance.now() - sentAt;
  const seen = await Promise.all(
    instances.map(async (instance) => {
      while (performance.now() - sentAt < 60_000) {
        const prices = await Promise.all(probes.map((probe) => servedPrice(instance.url, probe.sku)));
        if (prices.every((price, i) => price !== null && Math.abs(price - probes[i].price) < 0.005)) return performance.now() - sentAt;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Infinity;
    }),
  );
  // The sync's work is done once every instance shows the change; a moment more for its last step.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const windowS = (performance.now() - sentAt) / 1000;
  const cpuAfter = instances.map((instance) => cpuSeconds(instance.pid));
  const loadResults = await load;

  console.log(`  import ${'cli' in via ? 'done' : 'answered'} in ${answeredMs.toFixed(0)} ms: ${said}`);
  instances.forEach((instance, i) => {
    const used = cpuAfter[i] - cpuBefore[i];
    console.log(
      `  ${instance.name.padEnd(12)} shows the new prices ${Number.isFinite(seen[i]) ? `${(seen[i] / 1000).toFixed(2)} s` : 'not within 60 s'} after the import was sent; ` +
        `${used.toFixed(2)} s of CPU in the ${windowS.toFixed(1)} s window, ${Math.max(0, used - loadRate[i] * windowS).toFixed(2)} s above its load's rate`,
    );
  });
  for (const [name, workloadSteps] of steps) {
    const ok = workloadSteps.reduce((sum, step) => sum + step.ok, 0);
    const failed = workloadSteps.flatMap((step) => Object.entries(step.statuses).map(([status, count]) => `${status}×${count}`));
    console.log(`  ${name.padEnd(14)} ${ok} answered 2xx, ${failed.length > 0 ? `non-2xx ${failed.join(', ')}` : 'no non-2xx'}`);
  }
  const errors = loadResults.reduce((sum, result) => sum + result.errors + result.timeouts, 0);
  const serverErrors = [...steps.values()]
    .flat()
    .reduce((sum, step) => sum + Object.entries(step.statuses).reduce((n, [status, count]) => n + (Number(status) >= 500 ? count : 0), 0), 0);
  console.log(`  5xx answers: ${serverErrors}; connection errors and timeouts: ${errors}`);
}

/** Asks for an import job until it has ended (done, refused or failed). */
async function followJob(balancerUrl: string, location: string, token: string): Promise<{ state: string; report?: { productsChanged: number; ms: number } }> {
  for (;;) {
    const response = await fetch(new URL(location, balancerUrl), { headers: { authorization: `Bearer ${token}` } });
    if (response.ok) {
      const { job } = ((await response.json()) as { result: { job: { state: string; report?: { productsChanged: number; ms: number } } } }).result;
      if (['done', 'refused', 'failed'].includes(job.state)) return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
