import { foldText, RANGE_FACETS, deliveryBucketOf, type Product } from '@kaloryfer/domain';
import SqliteDatabase from 'better-sqlite3';

/**
 * The baseline the embedded engine must beat (issue: "plain SQLite FTS5 + GROUP BY"): the same
 * products in an in-memory SQLite with an FTS5 table (remove_diacritics 2, ł folded by hand)
 * and one GROUP BY per facet, each facet without its own filter.
 */
export interface BaselineQuery {
  category: number;
  colour?: number;
  text?: string;
  facets: boolean;
  size: number;
}

const TERM_FACETS = ['color', 'manufacturer', 'material', 'heater_type', 'delivery'];
const RANGES = { price: RANGE_FACETS.price, power_75_65_20: RANGE_FACETS.power_75_65_20, width: RANGE_FACETS.width };

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
    const insertP = db.prepare('INSERT INTO p VALUES (?, ?, ?, ?, ?)');
    const insertV = db.prepare('INSERT INTO v VALUES (?, ?, ?)');
    const insertT = db.prepare('INSERT INTO t (rowid, sku, name, category, description) VALUES (?, ?, ?, ?, ?)');
    const deliveryCode = { '24h': 1, '7-14': 2, '15-30': 3, '31-60': 4 } as const;
    db.transaction(() => {
      for (const product of products) {
        const listed = [2, 3, 4].includes(product.visibility) && product.status < 2 && product.stock.is_in_stock ? 1 : 0;
        insertP.run(product.id, product.sku, product.final_price_incl_tax ?? product.price, product.view_count, listed);
        const children = product.configurable_children ?? [];
        const values = (code: string) => new Set([(product as never)[code], ...children.map((child) => (child as never)[code])].filter((value) => value !== undefined && value !== null) as number[]);
        for (const id of product.category_ids) insertV.run(product.id, 'category_ids', id);
        for (const code of ['color', 'manufacturer', 'material', 'heater_type', 'width', 'power_75_65_20']) for (const value of values(code)) insertV.run(product.id, code, value);
        for (const days of values('delivery_time')) {
          const bucket = deliveryBucketOf(days);
          if (bucket) insertV.run(product.id, 'delivery', deliveryCode[bucket]);
        }
        insertT.run(product.id, foldText([product.sku, ...children.map((child) => child.sku)].join(' ')), foldText(product.name), foldText(product.category.map((c) => c.name).join(' ')), foldText(product.description));
      }
    })();
  }

  /** Candidate ids as SQL: listed products of the category, the colour, the FTS match. */
  private filters(query: BaselineQuery, except?: string): { sql: string; params: unknown[] } {
    const parts = ["p.listed = 1", "p.id IN (SELECT id FROM v WHERE attr = 'category_ids' AND value = ?)"];
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

  /** Words OR-ed (the engine needs 75 % of them), the last one as a prefix. */
  static match(text: string): string {
    const words = foldText(text).split(/[^a-z0-9]+/).filter(Boolean);
    return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' OR ');
  }

  run(query: BaselineQuery): { total: number; items: unknown[] } {
    const { sql, params } = this.filters(query);
    const items = query.text
      ? this.db.prepare(`SELECT p.id, p.sku, p.price FROM t JOIN p ON p.id = t.rowid WHERE t MATCH ? AND ${sql} ORDER BY bm25(t, 100, 90, 50, 1) LIMIT ?`).all(SqliteBaseline.match(query.text), ...params, query.size)
      : this.db.prepare(`SELECT p.id, p.sku, p.price FROM p WHERE ${sql} ORDER BY p.price LIMIT ?`).all(...params, query.size);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM p WHERE ${sql}`).get(...params) as { n: number }).n;
    if (query.facets) {
      for (const attr of TERM_FACETS) {
        const scoped = this.filters(query, attr);
        this.db.prepare(`SELECT v.value, count(*) FROM v JOIN p ON p.id = v.id WHERE v.attr = ? AND ${scoped.sql} GROUP BY v.value ORDER BY 2 DESC LIMIT 30`).all(attr, ...scoped.params);
      }
      for (const [attr, buckets] of Object.entries(RANGES)) {
        const cases = buckets.map((bucket, index) => `WHEN value >= ${bucket.from ?? -1e12} AND value < ${bucket.to ?? 1e12} THEN ${index}`).join(' ');
        const source = attr === 'price' ? `SELECT p.id, p.price AS value FROM p WHERE ${sql}` : `SELECT v.id, v.value FROM v JOIN p ON p.id = v.id WHERE v.attr = '${attr}' AND ${sql}`;
        this.db.prepare(`SELECT bucket, count(DISTINCT id) FROM (SELECT id, CASE ${cases} END AS bucket FROM (${source})) GROUP BY bucket`).all(...params);
      }
    }
    return { total, items };
  }

  close() {
    this.db.close();
  }
}
