import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadShopSettings } from '../composition/shop-settings';
import { startCluster } from './lib/cluster';
import { stopLeftoverBalancer } from './lib/cluster/balancer';
import { stopLeftoverPrometheus } from './lib/cluster/prometheus';
import { readDatabaseRoles, replicaFolder, writeDatabaseRoles } from './lib/cluster/database-roles';
import { DEFAULT_RESTART_POLICY } from './lib/cluster/restart-policy';
import { recordShop, shopRecordFile } from './lib/shop-record';
import { onShutdown } from './lib/on-shutdown';
import { postgresBinDir } from './lib/postgres-server';

/**
 * A PostgreSQL an earlier run left on our data folder (that run was killed before it could stop
 * it) is stopped first, through its data folder (pg_ctl, as the cluster's owner).
 */
function stopLeftoverPostgres(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale file: PostgreSQL clears it itself
  }
  console.log(`PostgreSQL of an earlier run is still running on ${dataDir} (pid ${pid}): stopping it`);
  const pgCtl = path.join(postgresBinDir(), 'pg_ctl');
  const [command, args] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', pgCtl]] : [pgCtl, []];
  spawnSync(command, [...args, '-D', dataDir, '-m', 'fast', '-w', 'stop'], { stdio: 'inherit' });
}

/**
 * A replica folder that cannot stream from this primary — the old primary after a failover, or a
 * folder that is no standby — is removed, so the replica is made again from the primary.
 */
function forgetStaleReplica(dataDir: string, stale: boolean): void {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  if (!stale && fs.existsSync(path.join(dataDir, 'standby.signal'))) return;
  console.log(`${dataDir} held ${stale ? 'the primary before a failover' : 'no standby'}: making the replica again from the primary`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * npm run start:cluster: the same shop as `npm start`, scaled out (docs/scaling.md) —
 * CLUSTER_INSTANCES (default 3) instances of API + pages on PostgreSQL behind HAProxy on one URL
 * (CLUSTER_PORT, default PORT 3000), every instance serving the remotes from the registry. Our own
 * PostgreSQL keeps its data in `$VAR_DIR/cluster/postgres` unless DATABASE_URL names a
 * PostgreSQL database to use instead. CLUSTER_INSTANCE_PORT_BASE fixes the instances' ports
 * (base, base+1, …; free ones by default; the spares' after the instances'). CLUSTER_SPARES
 * (default 1) warm spares wait drained in the balancer: one takes the place of an instance that
 * ends, at once. An instance that ends is restarted on its port, with backoff, until it
 * crash-loops (scripts/lib/cluster/supervisor.ts); its restart is the next spare. `--prometheus`
 * starts the distribution's Prometheus beside it on loopback (PROMETHEUS_PORT, default a free port),
 * scraping every instance with the shop's alert rules (docs/operations.md). `--replica` starts a
 * synchronous streaming replica of our PostgreSQL (`$VAR_DIR/cluster/postgres-replica`; which
 * folder is the primary is kept in `database.json`): `npm run cluster -- failover` promotes it. Ctrl-C or SIGTERM stops
 * everything it started, restarting nothing.
 */
async function main() {
  const env = { ...process.env, PORT: process.env.CLUSTER_PORT || process.env.PORT };
  const config = loadShopSettings(env);
  const count = Number(process.env.CLUSTER_INSTANCES || 3);
  const spares = Number(process.env.CLUSTER_SPARES ?? 1);
  const portBase = process.env.CLUSTER_INSTANCE_PORT_BASE ? Number(process.env.CLUSTER_INSTANCE_PORT_BASE) : undefined;
  const external = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
  const unknown = process.argv.slice(2).filter((arg) => arg !== '--prometheus' && arg !== '--replica');
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')} (npm run start:cluster [-- --prometheus] [--replica])`);
  const withPrometheus = process.argv.includes('--prometheus');
  const withReplica = process.argv.includes('--replica');
  if (withReplica && external) throw new Error('--replica starts a replica of our own PostgreSQL: leave out DATABASE_URL (replicate your own server yourself)');
  const runDir = path.join(config.varDir, 'cluster');
  await stopLeftoverBalancer(runDir);
  await stopLeftoverPrometheus(runDir);
  const roles = readDatabaseRoles(runDir);
  if (!external) for (const folder of ['postgres', 'postgres-replica']) stopLeftoverPostgres(path.join(runDir, folder));
  const replicaName = withReplica ? replicaFolder(roles.primary) : null;
  if (replicaName) forgetStaleReplica(path.join(runDir, replicaName), roles.stale === replicaName);
  let stopping = false;
  const starting = startCluster({
    config,
    instances: count,
    spares,
    instancePorts: portBase ? Array.from({ length: count + spares }, (_, i) => portBase + i) : undefined,
    databaseUrl: external ? config.databaseUrl : undefined,
    postgres: { dataDir: path.join(runDir, roles.primary), durable: true },
    replica: replicaName ? { dataDir: path.join(runDir, replicaName), durable: true } : undefined,
    runDir,
    supervise: true,
    prometheus: withPrometheus ? { port: process.env.PROMETHEUS_PORT ? Number(process.env.PROMETHEUS_PORT) : undefined } : false,
  });
  // Ctrl-C while starting: what has started is stopped once the start is over (or failed, stopping it itself).
  onShutdown(async () => {
    stopping = true;
    console.log('\nstopping the cluster…');
    await starting.then(
      (cluster) => cluster.stop(),
      () => {},
    );
    console.log('stopped.');
  });
  const cluster = await starting;
  if (stopping) return;
  // Without a replica this run, the primary keeps no WAL for the old one (synchronousStandby(false)): it is made anew next time.
  if (!external) writeDatabaseRoles(runDir, { primary: roles.primary, replica: replicaName, stale: replicaName ? null : (roles.replica ?? roles.stale) });
  console.log(`\nKaloryfer (cluster of ${cluster.instances.length}) is running. Open:\n`);
  console.log(`  ${cluster.url}\n`);
  console.log(`API ${cluster.url}api/health · balancer statistics ${cluster.balancer!.statsUrl}`);
  console.log(`Instances: ${cluster.instances.map((instance) => `${instance.name} ${instance.url} (pid ${instance.pid})`).join(' · ')}`);
  if (cluster.spares.length > 0)
    console.log(
      `Warm spare: ${cluster.spares.map((instance) => `${instance.name} ${instance.url} (pid ${instance.pid})`).join(' · ')} — loaded and checked, sent nothing; ` +
        `it takes the place of an instance that ends, at once (CLUSTER_SPARES=0: none).`,
    );
  // The commands (release, registry, experiment, catalog:import --shop) find the cluster and its operator token here.
  const tokenFile = path.join(runDir, 'registry-operator.token');
  recordShop(config.varDir, { url: cluster.balancerUrl ?? cluster.url, tokenFile, startedBy: 'npm run start:cluster', dev: false });
  console.log(`Remotes: every instance serves them from the registry in PostgreSQL. npm run release -- <remote> releases to this cluster`);
  console.log(`  (recorded in ${shopRecordFile(config.varDir)}; from another machine: --shop ${cluster.url} --token $(cat ${tokenFile}))`);
  if (cluster.replica)
    console.log(
      `PostgreSQL replica on 127.0.0.1:${cluster.replica.port} (pid ${cluster.replica.pid()}), streaming from the primary on ${cluster.postgres!.port}; ` +
        `every commit waits for it. npm run cluster -- failover promotes it (docs/operations.md, "Database failover").`,
    );
  if (cluster.prometheus)
    console.log(
      `Prometheus ${cluster.prometheus.url} — alerts ${cluster.prometheus.url}/alerts, targets ${cluster.prometheus.url}/targets ` +
        `(every instance's /metrics, ops/prometheus/alerts.yml; what each alert means: docs/operations.md)`,
    );
  console.log(`Logs and haproxy.cfg in ${runDir}. Ctrl-C stops everything.`);
  const { baseDelayMs, maxRestarts, stableMs } = DEFAULT_RESTART_POLICY;
  console.log(
    `An instance that ends is restarted (${baseDelayMs / 1000} s, ${(2 * baseDelayMs) / 1000} s, ${(4 * baseDelayMs) / 1000} s… apart) and rejoins ` +
      `the balancer once healthy; after ${maxRestarts} restarts in a row, none up ${stableMs / 1000} s, it is left down.`,
  );
  // HAProxy ending ends the cluster. (Ctrl-C reaches the children too: what ends within a moment of a stop is part of it.)
  const unlessStopping = (report: () => void) =>
    setTimeout(() => {
      if (!stopping) report();
    }, 500);
  void cluster.balancer!.exited.then((code) =>
    unlessStopping(() => {
      console.error(`haproxy ended (${code}); stopping the cluster`);
      stopping = true;
      void cluster.stop().then(() => process.exit(1));
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
