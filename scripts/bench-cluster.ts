/* eslint-disable @typescript-eslint/no-explicit-any -- autocannon's per-request hooks hand over untyped request and context objects. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, REPO_ROOT, type Config } from '../api/src/config';
import type { Db } from '../api/src/db/database';
import { DEFAULT_SEED } from '../api/src/seed/catalog-seed';
import { HAPROXY_BIN, plainSkus, startBalancer, startCluster, type Balancer, type ClusterInstance, type RunningCluster } from './lib/cluster';
import { distFoldersOf } from './lib/local-builds';
import { postgresBinDir } from './lib/postgres-server';

/**
 * npm run bench:cluster [-- --duration 8 --connections 64 --products 1500 --no-pages]: the shop's throughput
 * scaled out, in one run on this machine (issue #23, docs/scaling.md). Listing, product view,
 * add to cart and order placing at 64 connections (autocannon, in this process) against
 *
 *   1 instance on SQLite (as npm start) · 1 on PostgreSQL · the same one behind HAProxy ·
 *   2 and 3 behind HAProxy
 *
 * each instance a process of scripts/cluster-instance.ts (API + page server, as
 * `npm run start:cluster` runs them; LOG_LEVEL=warn), PostgreSQL with its production settings
 * (fsync, synchronous commit). Every instance runs each workload once before anything is
 * measured (JIT, caches); each run starts once the instances are idle again. Per run:
 * operations/s, p50 and p99 of the step itself, non-2xx by status; where the CPU went
 * (instances, PostgreSQL, HAProxy, the load generator — all on the same cores — and the machine
 * as a whole, so another process's load shows); what PostgreSQL's sessions were doing (running,
 * waiting for a row lock, holding a transaction open while their instance works). Then: how
 * long a stock change made through one instance takes to reach the in-stock search filter of
 * every instance, and memory per instance after the load. Prints, never asserts.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const DURATION_S = option('duration', 8);
const WARMUP_S = 1;
const CONNECTIONS = option('connections', 64);
const WITH_PAGES = !args.includes('--no-pages');
/** The catalogue's size (parents); npm start's 1,500 by default. `--products 100000` takes minutes to seed and load. */
const PRODUCTS = option('products', DEFAULT_SEED.products);
const SEED = { ...DEFAULT_SEED, products: PRODUCTS };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;
interface AutocannonResult {
  duration: number;
  requests: { total: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const SEARCH = '/api/catalog/vue_storefront_catalog/product/_search';
const LISTED = [
  { attribute: 'visibility', value: { in: [2, 3, 4] } },
  { attribute: 'status', value: { in: [0, 1] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];
const CATEGORIES = [3, 4, 5, 6, 7, 8, 10, 13, 15, 18];
const FACETS = ['color', 'manufacturer', 'material', 'heater_type', 'delivery', 'price', 'power_75_65_20', 'width'].map((field) => ({ field }));
const ADDRESS = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7', '12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
  email: 'anna.kowalska@example.pl',
};
const JSON_HEADERS = { 'content-type': 'application/json' };

/** SKUs the order and cart workloads buy (stock set high) and the stock-change probes (one unit each). */
const BUY_SKUS = 200;
const PROBES = 3;
interface BenchData {
  buy: string[];
  probes: string[];
  views: string[];
}

async function prepareData(db: Db, data: BenchData): Promise<void> {
  const skus = await plainSkus(db, BUY_SKUS + PROBES);
  data.buy = skus.slice(0, BUY_SKUS);
  data.probes = skus.slice(BUY_SKUS);
  await db.kysely.updateTable('stock_item').set({ qty: 10_000_000, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', data.buy).execute();
  await db.kysely.updateTable('stock_item').set({ qty: 1, is_in_stock: 1, min_sale_qty: 1, max_sale_qty: 0 }).where('sku', 'in', data.probes).execute();
  const parents = await db.kysely.selectFrom('product').select('sku').where('visibility', '>=', 2).where('status', '=', 1).orderBy('id').limit(60).execute();
  data.views = parents.map((row) => row.sku);
}

// ---------------------------------------------------------------- CPU and memory from /proc

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
function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime, stime, cutime, cstime are fields 14–17 of /proc/pid/stat: 11–14 counted from the state field.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS;
}

function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === parent);
}

/** kB figures of /proc/pid/status (VmRSS, VmHWM) and smaps_rollup (Pss). */
function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM' | 'Pss'): number {
  try {
    const file = field === 'Pss' ? `/proc/${pid}/smaps_rollup` : `/proc/${pid}/status`;
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

interface Processes {
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

function cpuSnapshot(processes: Processes) {
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
function cpuPercent(before: CpuSnapshot, after: CpuSnapshot) {
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

// ---------------------------------------------------------------- workloads

interface Step {
  name: string;
  measured: boolean;
  ok: number;
  failed: number;
  latencies: number[];
  statuses: Record<number, number>;
}
interface Workload {
  name: string;
  unit: string;
  requests: (steps: Step[]) => Record<string, unknown>[];
}

let orderSeq = 0;
const runId = Date.now().toString(36);

function timed(
  step: Step,
  build: (request: Record<string, any>, context: Record<string, any>) => Record<string, any> | null,
  after?: (body: string, context: Record<string, any>) => void,
) {
  return {
    setupRequest: (request: Record<string, any>, context: Record<string, any>) => {
      const built = build(request, context);
      context.sentAt = performance.now();
      return built;
    },
    onResponse: (status: number, body: string, context: Record<string, any>) => {
      if (status >= 200 && status < 300) {
        step.ok += 1;
        if (context.sentAt) step.latencies.push(performance.now() - context.sentAt);
        after?.(body, context);
      } else {
        step.failed += 1;
        step.statuses[status] = (step.statuses[status] ?? 0) + 1;
      }
    },
  };
}

const resultOf = (body: string) => {
  try {
    return (JSON.parse(body) as { result: unknown }).result;
  } catch {
    return undefined;
  }
};

function workloads(data: BenchData): Workload[] {
  const createCart = (step: Step) => ({
    method: 'POST',
    path: '/api/cart/create',
    headers: JSON_HEADERS,
    body: '{}',
    ...timed(
      step,
      (request) => request,
      (body, context) => {
        context.cartId = resultOf(body);
      },
    ),
  });
  const addLine = (step: Step, offset: number) => ({
    method: 'POST',
    headers: JSON_HEADERS,
    ...timed(step, (request, context) => {
      if (typeof context.cartId !== 'string') return null; // the cart failed: start the flow again
      context.n = (context.n ?? Math.floor(Math.random() * BUY_SKUS)) + offset;
      const sku = data.buy[context.n % BUY_SKUS];
      return { ...request, path: `/api/cart/update?cartId=${context.cartId}`, body: JSON.stringify({ cartItem: { sku, qty: 1, quoteId: context.cartId } }) };
    }),
  });
  return [
    {
      name: 'listing',
      unit: 'searches',
      requests: ([step]) =>
        CATEGORIES.map((category) => ({
          method: 'POST',
          path: SEARCH,
          headers: JSON_HEADERS,
          body: JSON.stringify({
            query: { _appliedFilters: [...LISTED, { attribute: 'category_ids', value: { in: [category] } }], _availableFilters: FACETS },
            size: 20,
            sort: 'price:asc',
            _sourceInclude: ['sku', 'name', 'final_price_incl_tax', 'image', 'url_path', 'stock'],
          }),
          ...timed(step, (request) => request),
        })),
    },
    {
      name: 'product view',
      unit: 'views',
      requests: ([step]) =>
        data.views.map((sku) => ({ method: 'GET', path: `/api/product-view/${encodeURIComponent(sku)}`, ...timed(step, (request) => request) })),
    },
    {
      // A shopper's cart: created, then three products added (each a new line); the figure is the adds.
      name: 'add to cart',
      unit: 'adds',
      requests: ([step, create]) => [createCart(create), addLine(step, 0), addLine(step, 1), addLine(step, 1)],
    },
    {
      // A whole order: a cart, a line, POST /api/order with a client order id of its own; the figure is the orders.
      name: 'order placing',
      unit: 'orders',
      requests: ([step, create, add]) => [
        createCart(create),
        addLine(add, 0),
        {
          method: 'POST',
          path: '/api/order',
          headers: JSON_HEADERS,
          ...timed(step, (request, context) => {
            if (typeof context.cartId !== 'string') return null;
            orderSeq += 1;
            return {
              ...request,
              body: JSON.stringify({
                order: {
                  order_id: `bench-${runId}-${orderSeq}`,
                  cart_id: context.cartId,
                  addressInformation: {
                    shippingAddress: ADDRESS,
                    shipping_carrier_code: 'courier',
                    shipping_method_code: 'courier',
                    payment_method_code: 'cashondelivery',
                  },
                },
              }),
            };
          }),
        },
      ],
    },
  ];
}

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  statuses: string;
  errors: number;
  cpu: ReturnType<typeof cpuPercent>;
  waits: string;
}

/**
 * What PostgreSQL's sessions are doing during a run, sampled every 50 ms from pg_stat_activity:
 * running a statement, waiting for a lock another transaction holds, inside a transaction waiting
 * for its instance to send the next statement (its locks held meanwhile), I/O or internal locks
 * (WAL, buffers), idle. Shares of all session samples.
 */
function sampleSessions(databaseUrl: string): () => Promise<string> {
  const client = new pg.Client(databaseUrl);
  const counts = { running: 0, 'lock wait': 0, 'in transaction, waiting for the instance': 0, 'I/O or internal lock': 0, idle: 0 };
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ state: string | null; wait_event_type: string | null }>(
        "select state, wait_event_type from pg_stat_activity where backend_type = 'client backend' and datname = current_database() and pid <> pg_backend_pid()",
      );
      for (const row of rows) {
        if (row.wait_event_type === 'Lock') counts['lock wait'] += 1;
        else if (row.state?.startsWith('idle in transaction')) counts['in transaction, waiting for the instance'] += 1;
        else if (row.state === 'active' && (row.wait_event_type === 'IO' || row.wait_event_type === 'LWLock')) counts['I/O or internal lock'] += 1;
        else if (row.state === 'active') counts.running += 1;
        else counts.idle += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await loop;
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0) || 1;
    return Object.entries(counts)
      .filter(([name]) => name !== 'idle')
      .map(([name, count]) => `${name} ${Math.round((100 * count) / total)}%`)
      .join(', ');
  };
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

async function runWorkload(url: string, workload: Workload, processes: Processes, instanceUrls: string[], databaseUrl: string | null): Promise<Figures> {
  await settle(instanceUrls);
  const fresh = (): Step[] => ['main', 'create', 'add'].map((name, i) => ({ name, measured: i === 0, ok: 0, failed: 0, latencies: [], statuses: {} }));
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, requests: workload.requests(fresh()) });
  const steps = fresh();
  const sessions = databaseUrl ? sampleSessions(databaseUrl) : null;
  const before = cpuSnapshot(processes);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: workload.requests(steps) });
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
async function warmUp(instances: ClusterInstance[], data: BenchData) {
  for (const instance of instances) {
    for (const workload of workloads(data)) {
      const steps: Step[] = ['main', 'create', 'add'].map((name, i) => ({ name, measured: i === 0, ok: 0, failed: 0, latencies: [], statuses: {} }));
      await autocannon({ url: instance.url, connections: CONNECTIONS, duration: 2, requests: workload.requests(steps) });
    }
  }
  await settle(instances.map((instance) => instance.url));
}

// ---------------------------------------------------------------- the runs

interface Setup {
  name: string;
  url: string;
  processes: Processes;
  instances: ClusterInstance[];
  databaseUrl: string | null;
}
const results = new Map<string, Map<string, Figures>>();

async function benchSetup(setup: Setup, data: BenchData) {
  console.log(`\n${setup.name} (${setup.url})`);
  const figures = new Map<string, Figures>();
  results.set(setup.name, figures);
  for (const workload of workloads(data)) {
    const measured = await runWorkload(
      setup.url,
      workload,
      setup.processes,
      setup.instances.map((instance) => instance.url),
      setup.databaseUrl,
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
}

/** CPU the machine spent on neither the shop nor the load generator: the kernel's own work (I/O, fsync) and anything else running. */
const others = (cpu: ReturnType<typeof cpuPercent>) => Math.max(0, cpu.machine - cpu.instances - cpu.postgres - cpu.haproxy - cpu.load);
/**
 * A run during which something else took more than this share of a core is flagged in the
 * summary: reads leave the kernel little to do (≤ 10 on a quiet machine); writes add its WAL and
 * file I/O (up to ~45).
 */
const DISTURBED: Record<string, number> = { listing: 25, 'product view': 25, 'add to cart': 60, 'order placing': 60 };

function memoryLine(name: string, pid: number) {
  return `  ${name.padEnd(22)} RSS ${(memoryKb(pid, 'VmRSS') / 1024).toFixed(0).padStart(5)} MB   peak ${(memoryKb(pid, 'VmHWM') / 1024).toFixed(0).padStart(5)} MB`;
}

async function search(url: string, sku: string): Promise<number> {
  const response = await fetch(url + SEARCH, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ query: { _appliedFilters: [...LISTED, { attribute: 'sku', value: { eq: sku } }] }, size: 1, _sourceInclude: ['sku'] }),
  });
  return ((await response.json()) as { total: number }).total;
}

async function call(url: string, requestPath: string, body: unknown): Promise<any> {
  const response = await fetch(url + requestPath, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
  const answer = (await response.json()) as { result: unknown };
  if (!response.ok) throw new Error(`${requestPath}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer.result;
}

/** An order through the first instance sells a probe SKU's last unit; each instance's in-stock filter is polled directly until it drops it. */
async function stockPropagation(instances: ClusterInstance[], probes: string[]) {
  console.log(
    `\nA stock change (an order through ${instances[0].name} sells the last unit) reaching the in-stock filter of each instance, asked directly (past the balancer):`,
  );
  const worst: number[] = [];
  for (const sku of probes) {
    for (const instance of instances) if ((await search(instance.url, sku)) !== 1) throw new Error(`${sku} is not listed in stock on ${instance.name}`);
    const [writer] = instances;
    const cartId = (await call(writer.url, '/api/cart/create', {})) as string;
    await call(writer.url, `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty: 1, quoteId: cartId } });
    await call(writer.url, '/api/order', {
      order: {
        order_id: `bench-${runId}-probe-${sku.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64),
        cart_id: cartId,
        addressInformation: {
          shippingAddress: ADDRESS,
          shipping_carrier_code: 'courier',
          shipping_method_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
      },
    });
    const placedAt = performance.now();
    const seen = await Promise.all(
      instances.map(async (instance) => {
        while (performance.now() - placedAt < 30_000) {
          if ((await search(instance.url, sku)) === 0) return performance.now() - placedAt;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Infinity;
      }),
    );
    worst.push(Math.max(...seen));
    console.log(
      `  ${sku.padEnd(16)} ${instances.map((instance, i) => `${instance.name} ${Number.isFinite(seen[i]) ? `${seen[i].toFixed(0)} ms` : 'not within 30 s'}`).join(' · ')}`,
    );
  }
  console.log(`  every instance within ${Math.max(...worst).toFixed(0)} ms (worst of ${probes.length}) of the order's answer`);
}

function table() {
  const setups = [...results.keys()];
  const names = [...results.values().next().value!.keys()];
  const width = 20;
  console.log('\nSummary: operations/s · p99 of the step (ms), 64 connections' + ` · ${os.cpus().length} cores`);
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

async function main() {
  const started = Date.now();
  const withPages =
    WITH_PAGES &&
    fs.existsSync(path.join(REPO_ROOT, 'shell/dist/index.html')) &&
    ['mfe-catalog', 'mfe-cart', 'mfe-checkout', 'mfe-account', 'mfe-content'].every((remote) => distFoldersOf(path.join(REPO_ROOT, remote)).length > 0);
  const haproxyVersion = execFileSync(HAPROXY_BIN, ['-v'], { encoding: 'utf8' })
    .split('\n')[0]
    .replace(/ - https.*/, '');
  const postgresVersion = execFileSync(path.join(postgresBinDir(), 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `Cluster benchmark: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${haproxyVersion}, ${postgresVersion}`,
  );
  console.log(
    `${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per workload; catalogue ${PRODUCTS} products; instances ${withPages ? 'API + page server' : 'API only'}, LOG_LEVEL=warn; the load generator runs on the same cores`,
  );

  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-bench-cluster-'));
  const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, LOG_LEVEL: 'warn', PORT: '0' };
  for (const name of ['PUBLIC_URL', 'PUBLIC_ORIGINS', 'DATABASE_URL', 'MAIL_DIR', 'SMTP_URL', 'PAYMENT_NOTIFY_URL']) delete env[name];
  const config: Config = loadConfig(env);
  const common = { config, pages: withPages, seed: SEED, instanceEnv: { LOG_LEVEL: 'warn' }, log: (line: string) => console.log(`  ${line}`) };
  const data: BenchData = { buy: [], probes: [], views: [] };
  let cluster: RunningCluster | null = null;
  let balancer: Balancer | null = null;
  // Ctrl-C or SIGTERM: what was started is stopped (by process id) before leaving.
  let interrupted = false;
  const interrupt = () => {
    if (interrupted) return;
    interrupted = true;
    console.log('\nstopping…');
    void (async () => {
      await balancer?.stop();
      await cluster?.stop();
      fs.rmSync(varDir, { recursive: true, force: true });
      process.exit(130);
    })();
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    // 1 instance on SQLite, as npm start runs the shop.
    console.log('\nstarting 1 instance on SQLite…');
    cluster = await startCluster({
      ...common,
      instances: 1,
      balancer: false,
      databaseUrl: `sqlite:${path.join(varDir, 'kaloryfer.sqlite')}`,
      prepare: (db) => prepareData(db, data),
    });
    const [sqlite] = cluster.instances;
    console.log('  warming up…');
    await warmUp(cluster.instances, data);
    await benchSetup(
      { name: '1 × SQLite', url: sqlite.url, processes: { instances: [sqlite.pid], postgres: null, haproxy: null }, instances: [sqlite], databaseUrl: null },
      data,
    );
    const sqliteMemory = memoryLine(`${sqlite.name} (SQLite)`, sqlite.pid);
    await cluster.stop();
    cluster = null;

    // 3 instances on one PostgreSQL; the balancer in front of 1, 2, then all 3 of them.
    console.log('\nstarting PostgreSQL and 3 instances…');
    cluster = await startCluster({ ...common, instances: 3, balancer: false, postgres: { durable: true }, prepare: (db) => prepareData(db, data) });
    const postmaster = cluster.postgres!.pid();
    console.log('  warming up…');
    await warmUp(cluster.instances, data);
    const [first] = cluster.instances;
    await benchSetup(
      {
        name: '1 × PostgreSQL',
        url: first.url,
        processes: { instances: [first.pid], postgres: postmaster, haproxy: null },
        instances: cluster.instances,
        databaseUrl: cluster.databaseUrl,
      },
      data,
    );
    for (const count of [1, 2, 3]) {
      const servers = cluster.instances.slice(0, count);
      balancer = await startBalancer({ port: 0, servers, runDir: cluster.runDir, name: `haproxy-${count}` });
      await benchSetup(
        {
          name: `${count} × PG + HAProxy`,
          url: balancer.url,
          processes: { instances: servers.map((s) => s.pid), postgres: postmaster, haproxy: balancer.pid },
          instances: cluster.instances,
          databaseUrl: cluster.databaseUrl,
        },
        data,
      );
      if (count === 3) {
        console.log('\nMemory after the load (RSS now, and its peak):');
        console.log(sqliteMemory);
        for (const instance of cluster.instances) console.log(memoryLine(`${instance.name} (PostgreSQL)`, instance.pid));
        console.log(memoryLine('haproxy', balancer.pid));
        const pgProcesses = postmaster ? [postmaster, ...childrenOf(postmaster)] : [];
        console.log(
          `  ${'postgresql'.padEnd(22)} PSS ${(pgProcesses.reduce((sum, pid) => sum + memoryKb(pid, 'Pss'), 0) / 1024).toFixed(0).padStart(5)} MB   (${pgProcesses.length} processes, shared buffers counted once)`,
        );
      }
      await balancer.stop();
      balancer = null;
    }
    await stockPropagation(cluster.instances, data.probes);
    table();
  } finally {
    await balancer?.stop();
    await cluster?.stop();
    fs.rmSync(varDir, { recursive: true, force: true });
  }
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s in all)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
