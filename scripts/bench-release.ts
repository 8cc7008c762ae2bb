import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadShopSettings, type ShopSettings } from '../composition/shop-settings';
import { packFiles, readBuildFolder } from '../api/public/builds';
import { REPO_ROOT } from './lib/repo-root';
import { LOCAL_REMOTES as REMOTES } from './lib/local-builds';
import { startCluster, type RunningCluster } from './lib/cluster';
import type { ClusterInstance } from './lib/cluster/instances';
import { distFoldersOf, WORKSPACES } from './lib/local-builds';
import { registryClient, type RegistryClient } from './lib/registry-client';

/**
 * npm run bench:release [-- --releases 20]: how long a release takes to reach every instance
 * (issue #32, docs/performance.md "Releases"), in one run on this machine:
 *
 * - the release gate's duration per remote (aim ≤ 10 s), each remote's build published anew
 *   through the balancer of a 3-instance cluster;
 * - the time from the answer of a publish call (the registry's commit) to the first request on
 *   **every** instance rendering the new build — p50/p99 of `--releases` content releases
 *   (aim p99 ≤ 1 s) — on that cluster (PostgreSQL, NOTIFY), next to one instance on SQLite (the
 *   change made in-process), the baseline. Each instance is asked directly, past the balancer,
 *   one request after another, until its page names the new build (`data-ssr="content <version>"`).
 *   Also the whole call, gate included, as a team's CI waits for it.
 *
 * Each release is the same content build under a new version (build-info.json rewritten): a new
 * build by its hash, whose render threads every instance loads and warms before serving it.
 * Prints, never asserts.
 */
const args = process.argv.slice(2);
const RELEASES = args.includes('--releases') ? Number(args[args.indexOf('--releases') + 1]) : 20;
/** A page the content remote renders: every instance's answer names the build that drew it. */
const PROBE_PATH = '/porady';
const AIM_PROPAGATION_P99_MS = 1000;
const AIM_GATE_MS = 10_000;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** A build folder's files with build-info.json naming another version: a new build of the same code. */
function asVersion(files: Map<string, Buffer>, version: string): Map<string, Buffer> {
  const info = JSON.parse(files.get('build-info.json')!.toString('utf8')) as Record<string, unknown>;
  return new Map([...files, ['build-info.json', Buffer.from(JSON.stringify({ ...info, version }))]]);
}

/** Asks an instance for the probe page until it is rendered by `version`; answers when that happened. */
async function renderedBy(instance: ClusterInstance, version: string, deadline: number): Promise<number> {
  const marker = `data-ssr="content ${version}"`;
  while (Date.now() < deadline) {
    const html = await fetch(`${instance.url}${PROBE_PATH}`).then(
      (response) => response.text(),
      () => '',
    );
    if (html.includes(marker)) return performance.now();
  }
  throw new Error(`${instance.name} did not render content ${version} within the deadline`);
}

interface Propagation {
  /** From the publish call's answer to the last instance rendering the build. */
  everyInstanceMs: number[];
  /** From the answer to each instance rendering it (all instances, all releases). */
  perInstanceMs: number[];
  /** The whole call, gate included. */
  callMs: number[];
}

async function propagation(label: string, client: RegistryClient, instances: ClusterInstance[], content: Map<string, Buffer>): Promise<Propagation> {
  const figures: Propagation = { everyInstanceMs: [], perInstanceMs: [], callMs: [] };
  // One release first, not measured: every instance has loaded its first content build before.
  for (let i = 0; i <= RELEASES; i += 1) {
    const version = `9.${label === 'sqlite' ? 0 : 1}.${i}-bench`;
    const archive = await packFiles(asVersion(content, version));
    const called = performance.now();
    const answer = await client.publish('content', archive, { reason: 'bench:release' });
    const answered = performance.now();
    if (answer.outcome !== 'released') throw new Error(`content ${version} was not released`);
    const seen = await Promise.all(instances.map((instance) => renderedBy(instance, version, Date.now() + 30_000)));
    if (i === 0) continue;
    figures.callMs.push(answered - called);
    figures.perInstanceMs.push(...seen.map((at) => at - answered));
    figures.everyInstanceMs.push(Math.max(...seen) - answered);
  }
  return figures;
}

function report(name: string, figures: Propagation): void {
  const line = (what: string, samples: number[], aim?: number) =>
    `  ${what.padEnd(44)} p50 ${percentile(samples, 0.5).toFixed(0).padStart(5)} ms   p99 ${percentile(samples, 0.99).toFixed(0).padStart(5)} ms   worst ${Math.max(
      ...samples,
    )
      .toFixed(0)
      .padStart(5)} ms${aim === undefined ? '' : `   (aim p99 ≤ ${aim} ms${percentile(samples, 0.99) > aim ? ': missed' : ''})`}`;
  console.log(`\n${name}: ${figures.everyInstanceMs.length} releases of content`);
  console.log(line('answer → every instance renders it', figures.everyInstanceMs, AIM_PROPAGATION_P99_MS));
  console.log(line('answer → an instance renders it', figures.perInstanceMs));
  console.log(line('the publish call (gate included)', figures.callMs));
}

async function gates(client: RegistryClient): Promise<void> {
  console.log(`\nThe release gate per remote (each build published anew through the balancer; aim ≤ ${AIM_GATE_MS / 1000} s):`);
  for (const remote of REMOTES) {
    for (const folder of distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote]))) {
      const answer = await client.publish(remote, await packFiles(asVersion(readBuildFolder(folder), '9.9.0-gate')), { reason: 'bench:release' });
      const gate = answer.gate!;
      const checks = gate.checks.map((check) => `${check.name} ${check.status === 'skip' ? '–' : `${check.ms} ms`}`).join(', ');
      const name = `${remote}${answer.build.variant === 'default' ? '' : ` ${answer.build.variant}`}`;
      console.log(`  ${name.padEnd(12)} ${(gate.ms / 1000).toFixed(2).padStart(6)} s${gate.ms > AIM_GATE_MS ? ' (missed)' : ''}   ${checks}`);
    }
  }
}

async function main() {
  for (const remote of REMOTES) {
    if (distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote])).length === 0) throw new Error(`no build of ${remote}: npm run build first`);
  }
  const content = readBuildFolder(distFoldersOf(path.join(REPO_ROOT, WORKSPACES.content))[0]);
  console.log(`Release benchmark: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ${RELEASES} releases per setup`);
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-bench-release-'));
  const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, LOG_LEVEL: 'warn', PORT: '0' };
  for (const name of ['PUBLIC_URL', 'PUBLIC_ORIGINS', 'DATABASE_URL', 'MAIL_DIR', 'SMTP_URL', 'PAYMENT_NOTIFY_URL']) delete env[name];
  const config: ShopSettings = loadShopSettings(env);
  const common = { config, pages: true, instanceEnv: { LOG_LEVEL: 'warn' }, log: (line: string) => console.log(`  ${line}`) };
  let cluster: RunningCluster | null = null;
  try {
    console.log('\nstarting 1 instance on SQLite (the baseline: a change made in-process)…');
    cluster = await startCluster({ ...common, instances: 1, balancer: false, databaseUrl: `sqlite:${path.join(varDir, 'kaloryfer.sqlite')}` });
    const single = await propagation('sqlite', registryClient({ shop: cluster.instances[0].url, token: cluster.operatorToken! }), cluster.instances, content);
    await cluster.stop();
    cluster = null;

    console.log('\nstarting PostgreSQL, 3 instances and HAProxy…');
    cluster = await startCluster({ ...common, instances: 3, balancerPort: 0, postgres: { durable: true } });
    const client = registryClient({ shop: cluster.balancerUrl!, token: cluster.operatorToken! });
    const three = await propagation('cluster', client, cluster.instances, content);
    report('1 instance on SQLite (baseline)', single);
    report('3 instances on PostgreSQL behind HAProxy', three);
    await gates(client);
  } finally {
    await cluster?.stop();
    fs.rmSync(varDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
