import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { MARKER } from './hostile-values';

/**
 * What the fuzz left in the database that no route should have taken (SQLite): a marked text
 * longer than its column says (SQLite does not enforce varchar(N)), a marked text past the
 * longest free text the shop accepts, or a field no schema knows (its name carries the marker).
 */
export interface GarbageFinding { table: string; column: string; rowid: number; why: string; excerpt: string }

/** The longest text any field takes (a review's detail is 2,000); a JSON column holds a few of them. */
export const MAX_STORED_TEXT = 4_000;

const declaredLength = (type: string) => {
  const match = /char\((\d+)\)/i.exec(type);
  return match ? Number(match[1]) : null;
};

export async function storedGarbage(db: Db): Promise<GarbageFinding[]> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db.kysely);
  const findings: GarbageFinding[] = [];
  for (const { name: table } of tables.rows) {
    const columns = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db.kysely);
    for (const column of columns.rows) {
      const rows = await sql<{ rowid: number; value: string }>`select rowid, ${sql.ref(column.name)} as value from ${sql.table(table)} where typeof(${sql.ref(column.name)}) = 'text' and instr(${sql.ref(column.name)}, ${MARKER}) > 0`.execute(db.kysely);
      const limit = declaredLength(column.type) ?? MAX_STORED_TEXT;
      for (const { rowid, value } of rows.rows) {
        const length = [...value].length;
        const excerpt = value.slice(0, 120);
        if (value.includes(`${MARKER}_extra`)) findings.push({ table, column: column.name, rowid, why: 'a field no schema knows was stored', excerpt });
        else if (length > limit) findings.push({ table, column: column.name, rowid, why: `${length} characters stored where at most ${limit} belong`, excerpt });
      }
    }
  }
  return findings;
}
