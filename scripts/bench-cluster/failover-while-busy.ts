import fs from 'node:fs';
import { openDatabase } from '../../api/public/database';
import type { RunningCluster } from '../lib/cluster';
import { placedOrders, shoppers, type Flow } from '../lib/cluster/shoppers';
import { childrenOf } from './proc-usage';

export interface FailoverOptions {
  /** Order flows started per minute, evenly (issue #54: 200). */
  ordersPerMinute: number;
  /** Seconds of orders before the primary is killed, and after. */
  beforeS: number;
  afterS: number;
  skus: string[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};

/** Until none of `pids` runs (gone, or a zombie left to its parent), polling every 10 ms. */
async function gone(pids: number[]): Promise<void> {
  const running = (pid: number) => {
    try {
      return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  while (pids.some(running)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * "A failover during 200 orders a minute" (issue #54): order flows (a cart, a line, the order)
 * started at a steady pace through the balancer, each sent again with the same order id after a
 * network error or a 503 (backing off up to ~10 s, as the checkout does); mid-way the primary's
 * postmaster and every one of its processes are SIGKILLed — a crash, nothing flushed or said
 * goodbye — and the replica promoted (`cluster.failover()`, as `npm run cluster -- failover`).
 * Prints: seconds without a confirmed order, the orders' times before, across and after the
 * switch, requests sent again, and — from the promoted server — orders lost (confirmed, not there)
 * and doubled (one order id twice). Never asserts.
 */
export async function failoverWhileBusy(cluster: RunningCluster, options: FailoverOptions): Promise<void> {
  const run = `bench-failover-${Date.now().toString(36)}`;
  const shop = shoppers(cluster.balancerUrl!, { attempts: 6, backOffMs: (n) => 250 * Math.min(2 ** (n - 1), 8) });
  const flows: (Flow & { startedAt: number })[] = [];
  const everyMs = 60_000 / options.ordersPerMinute;
  const running: Promise<void>[] = [];
  const started = performance.now();
  let crashedAt = 0;
  let promotedAt = 0;
  const crash = new Promise<void>((resolve) =>
    setTimeout(() => {
      const postmaster = cluster.postgres!.pid()!;
      const processes = [postmaster, ...childrenOf(postmaster)];
      crashedAt = performance.now();
      for (const pid of processes) process.kill(pid, 'SIGKILL');
      // The kill lands within moments; failover() then finds the primary gone and only promotes.
      void gone(processes)
        .then(() => cluster.failover())
        .then(() => {
          promotedAt = performance.now();
          resolve();
        });
    }, options.beforeS * 1000),
  );
  for (let n = 0; performance.now() - started < (options.beforeS + options.afterS) * 1000; n += 1) {
    const flow: Flow & { startedAt: number } = { orderId: `${run}-${n}`, startedAt: performance.now() };
    flows.push(flow);
    running.push(
      shop
        .cartWithLine(flow, options.skus[n % options.skus.length])
        .then(() => shop.placeOrder(flow))
        .catch((error: unknown) => {
          flow.error = String(error);
        }),
    );
    const next = started + (n + 1) * everyMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await crash;
  await Promise.all(running);

  const confirmed = flows.filter((flow) => flow.orderNumber);
  const beforeCrash = confirmed.filter((flow) => flow.confirmedAt! < crashedAt);
  const afterCrash = confirmed.filter((flow) => flow.confirmedAt! >= crashedAt);
  const gapS =
    beforeCrash.length && afterCrash.length
      ? (Math.min(...afterCrash.map((f) => f.confirmedAt!)) - Math.max(...beforeCrash.map((f) => f.confirmedAt!))) / 1000
      : NaN;
  const flowMs = (list: typeof flows) => list.map((flow) => flow.confirmedAt! - flow.startedAt);
  // Started before the promotion and confirmed after the crash: the flows the switch held up.
  const across = confirmed.filter((flow) => flow.startedAt < promotedAt && flow.confirmedAt! >= crashedAt);
  const settled = confirmed.filter((flow) => flow.startedAt > promotedAt + 2000);
  const calm = confirmed.filter((flow) => flow.confirmedAt! < crashedAt - 1000);
  const retried = shop.attempts.filter((attempt) => attempt.attempt > 1);

  const db = openDatabase(cluster.databaseUrl);
  let lost: string[] = [];
  let doubled: string[] = [];
  let unknown: string[] = [];
  try {
    const { byOrderId } = await placedOrders(db, run);
    lost = confirmed.filter((flow) => !byOrderId.get(flow.orderId)?.includes(flow.orderNumber!)).map((flow) => flow.orderId);
    doubled = [...byOrderId].filter(([, numbers]) => numbers.length > 1).map(([id]) => id);
    unknown = [...byOrderId.keys()].filter((id) => !confirmed.some((flow) => flow.orderId === id));
  } finally {
    await db.close();
  }
  const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms`;
  console.log(
    [
      `\nDatabase failover while busy (${options.ordersPerMinute} order flows a minute, a synchronous replica): the primary SIGKILLed ${options.beforeS} s in, ` +
        `the replica promoted ${((promotedAt - crashedAt) / 1000).toFixed(2)} s after`,
      `  ${flows.length} flows, ${confirmed.length} confirmed, ${flows.length - confirmed.length} failed; ` +
        `${gapS.toFixed(2)} s without a confirmed order across the switch`,
      `  flow times: before (${calm.length}) ${ms(flowMs(calm))} · across the switch (${across.length}) ${ms(flowMs(across))}, longest ${Math.max(0, ...flowMs(across)).toFixed(0)} ms · after (${settled.length}) ${ms(flowMs(settled))}`,
      `  ${retried.length} requests sent again (${[...new Set(retried.map((attempt) => `${attempt.path}`))].join(', ') || '—'})`,
      `  on the promoted server: ${lost.length} confirmed orders lost, ${doubled.length} doubled, ${unknown.length} placed but never confirmed (aim 0 · 0 · 0)`,
    ].join('\n'),
  );
}
