import { startReplica, type PostgresServer, type StartReplicaOptions } from '../postgres-server';

/**
 * The cluster's replica (start:cluster `--replica`, issue #54): a streaming replica of the primary
 * (scripts/lib/postgres-server.ts), and — once it streams — every commit on the primary waits until
 * the replica has it (synchronous replication). That is what makes a failover lose no order: an
 * order a shopper was told of is on the replica when the primary dies. The price: a commit takes a
 * round trip to the replica, and if the replica is lost the primary's commits wait — the on-call
 * page says how to let them go on (docs/operations.md, "ReplicaLost").
 */
export async function startSynchronousReplica(primary: PostgresServer, options: StartReplicaOptions = {}): Promise<PostgresServer> {
  const replica = await startReplica(primary, options);
  try {
    await waitUntilStreaming(primary);
    primary.synchronousStandby(true);
  } catch (error) {
    replica.stop();
    throw error;
  }
  return replica;
}

/** Until the primary sees a standby streaming from it (`pg_stat_replication`), at most `timeoutMs`. */
async function waitUntilStreaming(primary: PostgresServer, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (primary.query("select count(*) from pg_stat_replication where state = 'streaming'").trim() !== '0') return;
    if (Date.now() > deadline) throw new Error(`the replica did not start streaming from the primary on ${primary.port} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
