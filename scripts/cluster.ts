import path from 'node:path';
import { loadShopSettings } from '../composition/shop-settings';
import { readDatabaseRoles, writeDatabaseRoles } from './lib/cluster/database-roles';
import { runningPostgres } from './lib/postgres-server';

const USAGE = `npm run cluster -- <command>

  status     the cluster's PostgreSQL servers: which is the primary, the replica's lag
  failover   the primary is stopped (as a crash would) and the replica promoted; the instances
             find the new primary by themselves (docs/operations.md, "Database failover")`;

/**
 * npm run cluster -- status | failover: the operator's commands for the database of a running
 * `npm run start:cluster -- --replica` (same VAR_DIR). The cluster's servers are found through
 * their data folders under `$VAR_DIR/cluster/` and which is which through its `database.json`
 * (scripts/lib/cluster/database-roles.ts).
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (rest.length > 0 || (command !== 'status' && command !== 'failover')) {
    console.error(USAGE);
    process.exit(command === undefined || command === '--help' ? 0 : 2);
  }
  const runDir = path.join(loadShopSettings().varDir, 'cluster');
  const roles = readDatabaseRoles(runDir);
  const primary = runningPostgres(path.join(runDir, roles.primary));
  const replica = roles.replica ? runningPostgres(path.join(runDir, roles.replica)) : null;

  if (command === 'status') {
    if (!primary) throw new Error(`no PostgreSQL running on ${path.join(runDir, roles.primary)}: is npm run start:cluster running (same VAR_DIR)?`);
    console.log(`primary  ${roles.primary}: pid ${primary.pid}, 127.0.0.1:${primary.port}${primary.inRecovery() ? ' — IN RECOVERY (not taking writes)' : ''}`);
    if (!roles.replica) console.log('replica  none (npm run start:cluster -- --replica starts one)');
    else if (!replica) console.log(`replica  ${roles.replica}: NOT RUNNING — the primary's commits wait for it (docs/operations.md, "ReplicaLost")`);
    else {
      const streaming = primary.query("select coalesce(extract(epoch from replay_lag), 0) from pg_stat_replication where state = 'streaming'").trim();
      console.log(
        `replica  ${roles.replica}: pid ${replica.pid}, 127.0.0.1:${replica.port}, ` +
          (streaming === '' ? 'NOT STREAMING from the primary' : `streaming, replay ${Number(streaming).toFixed(3)} s behind`),
      );
    }
    if (roles.stale) console.log(`stale    ${roles.stale}: the primary before a failover; made again from the primary at the next start with --replica`);
    return;
  }

  if (!replica)
    throw new Error(
      roles.replica
        ? `the replica (${roles.replica}) is not running: nothing to promote`
        : 'no replica: start the cluster with npm run start:cluster -- --replica',
    );
  if (!replica.inRecovery()) throw new Error(`${roles.replica} is not in recovery: it is a primary already`);
  const started = performance.now();
  // The old primary is stopped first (fencing): two primaries would each take orders the other never sees.
  if (primary) primary.halt();
  const stoppedMs = performance.now() - started;
  await replica.promote();
  const promotedMs = performance.now() - started;
  writeDatabaseRoles(runDir, { primary: roles.replica!, replica: null, stale: roles.primary });
  console.log(
    `${primary ? `primary ${roles.primary} stopped in ${Math.round(stoppedMs)} ms, ` : `primary ${roles.primary} was not running; `}` +
      `replica ${roles.replica} promoted: it takes writes ${Math.round(promotedMs)} ms after the start.`,
  );
  console.log('The instances connect to it by themselves (their DATABASE_URL lists both servers, target_session_attrs=read-write).');
  console.log(`${roles.primary} keeps the old primary's data for a look; the next npm run start:cluster -- --replica makes a new replica in its place.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
