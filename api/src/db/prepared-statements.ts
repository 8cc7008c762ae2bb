import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for every parameterised query on PostgreSQL.
 *
 * Kysely sends each query as an unnamed statement, so PostgreSQL parses, analyses and plans the
 * same few dozen texts again on every request (an order is ~15 of them). Named, a text is parsed
 * once per connection and then only bound and executed. The name is a digest of the text, so
 * the same text has the same name on every connection and two texts never share one.
 *
 * - Only queries with parameters: a text without them goes by the simple protocol as before
 *   (a migration's several statements in one text cannot be prepared).
 * - At most `MAX_NAMED_TEXTS` texts are named per process, of at most `MAX_NAMED_PARAMETERS`
 *   parameters: an `in (…)` list of each length is a text of its own, and PostgreSQL keeps every
 *   statement a session prepared (a few KB each), so the rest go unnamed, as before.
 * - A migration that changes a table's columns while an instance runs makes PostgreSQL refuse a
 *   prepared `select *` of it ("cached plan must not change result type"). The connection then
 *   forgets its statements (`DEALLOCATE ALL`) and, outside a transaction, the query is sent again;
 *   inside one, the transaction fails as any failed statement would, and the next use is clean.
 */
export const MAX_NAMED_TEXTS = 500;
export const MAX_NAMED_PARAMETERS = 100;

/** PostgreSQL's SQLSTATE for "cached plan must not change result type". */
const PLAN_CHANGED = '0A000';

const names = new Map<string, string>();

/** The statement name for this text, or null when the process has named enough texts. */
export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED_TEXTS) return null;
    name = `kf_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

type QueryResult = pg.QueryResult<Record<string, unknown>>;
type Connection = { parsedStatements: Record<string, unknown> };

/**
 * Has `client` name the statements Kysely sends it (`query(text, values)` with a promise). Any
 * other call (a config object, a callback, a cursor) goes through untouched.
 */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<QueryResult>;
  let inTransaction = false;
  let stale = false;

  const forget = async () => {
    stale = false;
    await query('deallocate all');
    (client as unknown as { connection: Connection }).connection.parsedStatements = {};
  };

  const named = async (text: string, values: unknown[]): Promise<QueryResult> => {
    // Forgotten between transactions: an aborted one refuses every statement but its rollback.
    if (stale && !inTransaction) await forget();
    if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
    const ends = /^\s*(commit|rollback)\b/i.test(text);
    try {
      const name = values.length > 0 && values.length <= MAX_NAMED_PARAMETERS ? statementName(text) : null;
      if (!name) return await query(text, values);
      try {
        return await query({ name, text, values });
      } catch (error) {
        if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
        stale = true;
        if (inTransaction) throw error;
        await forget();
        return await query({ name, text, values });
      }
    } finally {
      if (ends) inTransaction = false;
    }
  };

  (client as unknown as { query: unknown }).query = (...args: unknown[]) =>
    typeof args[0] === 'string' && Array.isArray(args[1]) && args.length === 2 ? named(args[0], args[1]) : query(...args);
}
