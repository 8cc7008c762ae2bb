import pg from 'pg';

/**
 * What PostgreSQL's sessions are doing during a run, sampled every 50 ms from pg_stat_activity:
 * running a statement, waiting for a lock another transaction holds, inside a transaction waiting
 * for its instance to send the next statement (its locks held meanwhile), I/O or internal locks
 * (WAL, buffers), idle. Shares of all session samples.
 */
export function sampleSessions(databaseUrl: string): () => Promise<string> {
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
