import SqliteDatabase from 'better-sqlite3';
import type { Product } from '@kaloryfer/api-contract';
import { baselineRows, bucketCase, queryWords, RANGES, TERM_FACETS, type BaselineQuery } from './baseline-rows';

/**
 * The baseline the embedded engine must beat (issue: "plain SQLite FTS5 + GROUP BY"): the same
 * products in an in-memory SQLite with an FTS5 table (remove_diacritics 2, ł folded by hand)
 * and one GROUP BY per facet, each facet without its own filter.
 */
export class SqliteBaseline {
  private readonly db = new SqliteDatabase(':memory:');

  constructor(products: Product[]) {
    const db = this.db;
    db.exec(`
      CREATE TABLE p (id INTEGER PRIMARY KEY, sku TEXT, price REAL, view_count INTEGER, listed INTEGER);
      CREATE TABLE v (id INTEGER, attr TEXT, value REAL);
      CREATE INDEX v_attr ON v (attr, value, id);
      CREATE INDEX v_id ON v (id, attr);
      CREATE VIRTUAL TABLE t USING fts5(sku, name, category, description, tokenize = 'unicode61 remove_diacritics 2');
    `);
    const rows = baselineRows(products);
    const insertP = db.prepare('INSERT INTO p VALUES (?, ?, ?, ?, ?)');
    const insertV = db.prepare('INSERT INTO v VALUES (?, ?, ?)');
    const insertT = db.prepare('INSERT INTO t (rowid, sku, name, category, description) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const row of rows.products) insertP.run(row.id, row.sku, row.price, row.viewCount, row.listed ? 1 : 0);
      for (const row of rows.values) insertV.run(row.id, row.attr, row.value);
      for (const row of rows.texts) insertT.run(row.id, row.sku, row.name, row.category, row.description);
    })();
  }

  /** Candidate ids as SQL: listed products of the category, the colour, the FTS match. */
  private filters(query: BaselineQuery, except?: string): { sql: string; params: unknown[] } {
    const parts = ['p.listed = 1', "p.id IN (SELECT id FROM v WHERE attr = 'category_ids' AND value = ?)"];
    const params: unknown[] = [query.category];
    if (query.colour !== undefined && except !== 'color') {
      parts.push("p.id IN (SELECT id FROM v WHERE attr = 'color' AND value = ?)");
      params.push(query.colour);
    }
    if (query.text) {
      parts.push('p.id IN (SELECT rowid FROM t WHERE t MATCH ?)');
      params.push(SqliteBaseline.match(query.text));
    }
    return { sql: parts.join(' AND '), params };
  }

  /** Words OR-ed, the last one as a prefix. */
  static match(text: string): string {
    const words = queryWords(text);
    return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' OR ');
  }

  run(query: BaselineQuery): { total: number; items: unknown[] } {
    const { sql, params } = this.filters(query);
    const items = query.text
      ? this.db
          .prepare(`SELECT p.id, p.sku, p.price FROM t JOIN p ON p.id = t.rowid WHERE t MATCH ? AND ${sql} ORDER BY bm25(t, 100, 90, 50, 1) LIMIT ?`)
          .all(SqliteBaseline.match(query.text), ...params, query.size)
      : this.db.prepare(`SELECT p.id, p.sku, p.price FROM p WHERE ${sql} ORDER BY p.price LIMIT ?`).all(...params, query.size);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM p WHERE ${sql}`).get(...params) as { n: number }).n;
    if (query.facets) {
      for (const attr of TERM_FACETS) {
        const scoped = this.filters(query, attr);
        this.db
          .prepare(`SELECT v.value, count(*) FROM v JOIN p ON p.id = v.id WHERE v.attr = ? AND ${scoped.sql} GROUP BY v.value ORDER BY 2 DESC LIMIT 30`)
          .all(attr, ...scoped.params);
      }
      for (const [attr, buckets] of Object.entries(RANGES)) {
        const source =
          attr === 'price'
            ? `SELECT p.id, p.price AS value FROM p WHERE ${sql}`
            : `SELECT v.id, v.value FROM v JOIN p ON p.id = v.id WHERE v.attr = '${attr}' AND ${sql}`;
        this.db
          .prepare(`SELECT bucket, count(DISTINCT id) FROM (SELECT id, CASE ${bucketCase(buckets)} END AS bucket FROM (${source})) GROUP BY bucket`)
          .all(...params);
      }
    }
    return { total, items };
  }

  close() {
    this.db.close();
  }
}
