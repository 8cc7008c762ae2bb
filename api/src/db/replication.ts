import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** What the primary says of its streaming replicas (`pg_stat_replication`), for /metrics. */
export interface ReplicationFigures {
  /** Commits wait for a replica here (`synchronous_standby_names` is set): start:cluster's `--replica`. */
  expected: boolean;
  /** Replicas streaming from this server now. */
  streaming: number;
  /** The furthest behind replica's replay lag, seconds (0 when caught up or none). */
  lagSeconds: number;
}

/**
 * Read at each scrape. `replay_lag` is how long ago the replica replayed what the primary wrote
 * then — PostgreSQL's own measure, null when the replica is idle and caught up (counted as 0).
 * On a standby (no primary found yet) there is nothing to say: null.
 */
export async function readReplication(kysely: Kysely<Database>): Promise<ReplicationFigures | null> {
  const { rows } = await sql<{ standby: boolean; expected: boolean; streaming: string; lag: number | null }>`
    select pg_is_in_recovery() as standby,
           current_setting('synchronous_standby_names') <> '' as expected,
           (select count(*) from pg_stat_replication where state = 'streaming') as streaming,
           (select max(extract(epoch from replay_lag))::float8 from pg_stat_replication) as lag`.execute(kysely);
  const [row] = rows;
  if (row.standby) return null;
  return { expected: row.expected, streaming: Number(row.streaming), lagSeconds: row.lag ?? 0 };
}
