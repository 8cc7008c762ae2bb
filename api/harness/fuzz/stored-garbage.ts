import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { MARKER } from './hostile-values';

/**
 * What the fuzz left in the database that no route should have taken: a marked text longer
 * than its column says (SQLite does not enforce varchar(N); PostgreSQL does), a marked text past the
 * longest free text the shop accepts, or a field no schema knows (its name carries the marker).
 */
export interface GarbageFinding {
  table: string;
  column: string;
  rowid: number;
  why: string;
  excerpt: string;
}

/** The longest text any field takes (a review's detail is 2,000); a JSON column holds a few of them. */
export const MAX_STORED_TEXT = 4_000;

const declaredLength = (type: string) => {
  const match = /char\((\d+)\)/i.exec(type);
  return match ? Number(match[1]) : null;
};

export async function storedGarbage(db: Db): Promise<GarbageFinding[]> {
  const findings: GarbageFinding[] = [];
  for (const { table, column, type } of await textColumns(db)) {
    const rows =
      db.dialect === 'sqlite'
        ? await sql<{
            rowid: number;
            value: string;
          }>`select rowid, ${sql.ref(column)} as value from ${sql.table(table)} where typeof(${sql.ref(column)}) = 'text' and instr(${sql.ref(column)}, ${MARKER}) > 0`.execute(
            db.kysely,
          )
        : await sql<{
            rowid: number;
            value: string;
          }>`select 0 as rowid, ${sql.ref(column)}::text as value from ${sql.table(table)} where strpos(${sql.ref(column)}::text, ${MARKER}) > 0`.execute(
            db.kysely,
          );
    // PostgreSQL enforces varchar(N) itself (a longer text fails the insert: the fuzz then sees a 5xx).
    const limit = (db.dialect === 'sqlite' ? declaredLength(type) : null) ?? MAX_STORED_TEXT;
    for (const { rowid, value } of rows.rows) {
      const length = [...value].length;
      const excerpt = value.slice(0, 120);
      if (value.includes(`${MARKER}_extra`)) findings.push({ table, column, rowid, why: 'a field no schema knows was stored', excerpt });
      else if (length > limit) findings.push({ table, column, rowid, why: `${length} characters stored where at most ${limit} belong`, excerpt });
    }
  }
  return findings;
}

/** Every column that can hold text, of the shop's tables (not the migrator's). */
async function textColumns(db: Db): Promise<{ table: string; column: string; type: string }[]> {
  if (db.dialect === 'sqlite') {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db.kysely);
    const columns = [];
    for (const { name: table } of tables.rows) {
      const info = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db.kysely);
      columns.push(...info.rows.map((column) => ({ table, column: column.name, type: column.type })));
    }
    return columns;
  }
  const info = await sql<{ table: string; column: string; type: string }>`select table_name as table, column_name as column, data_type as type
    from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_%'
    and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db.kysely);
  return info.rows;
}
