import { Client } from 'pg';
import type { Product } from '@kaloryfer/api-contract';
import { baselineRows, bucketCase, queryWords, RANGES, TERM_FACETS, type BaselineQuery } from './baseline-rows';

const SCHEMA = 'kaloryfer_bench';
const CHUNK = 20_000;

/**
 * The PostgreSQL baseline (when PG_URL is set): the same rows as the SQLite one in a scratch
 * schema, text as a weighted tsvector with a GIN index (sku and name A, category B,
 * description D; 'simple' configuration over text folded like the engine's, ł included),
 * ranked by ts_rank, and one GROUP BY per facet, each without its own filter.
 */
export class PostgresBaseline {
  private constructor(private readonly client: Client) {}

  static async load(url: string, products: Product[]): Promise<PostgresBaseline> {
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; SET search_path = ${SCHEMA};`);
    await client.query(`
      CREATE TABLE p (id int PRIMARY KEY, sku text, price float8, view_count int, listed boolean, doc tsvector);
      CREATE TABLE v (id int, attr text, value float8);
    `);
    const rows = baselineRows(products);
    const texts = new Map(rows.texts.map((text) => [text.id, text]));
    for (let start = 0; start < rows.products.length; start += CHUNK) {
      const chunk = rows.products.slice(start, start + CHUNK);
      const text = (field: 'sku' | 'name' | 'category' | 'description') => chunk.map((row) => texts.get(row.id)![field]);
      await client.query(
        `INSERT INTO p SELECT id, sku, price, view_count, listed,
           setweight(to_tsvector('simple', t_sku), 'A') || setweight(to_tsvector('simple', t_name), 'A')
           || setweight(to_tsvector('simple', t_category), 'B') || setweight(to_tsvector('simple', t_description), 'D')
         FROM unnest($1::int[], $2::text[], $3::float8[], $4::int[], $5::boolean[], $6::text[], $7::text[], $8::text[], $9::text[])
           AS r(id, sku, price, view_count, listed, t_sku, t_name, t_category, t_description)`,
        [
          chunk.map((row) => row.id),
          chunk.map((row) => row.sku),
          chunk.map((row) => row.price),
          chunk.map((row) => row.viewCount),
          chunk.map((row) => row.listed),
          text('sku'),
          text('name'),
          text('category'),
          text('description'),
        ],
      );
    }
    for (let start = 0; start < rows.values.length; start += CHUNK * 5) {
      const chunk = rows.values.slice(start, start + CHUNK * 5);
      await client.query('INSERT INTO v SELECT * FROM unnest($1::int[], $2::text[], $3::float8[])', [
        chunk.map((row) => row.id),
        chunk.map((row) => row.attr),
        chunk.map((row) => row.value),
      ]);
    }
    await client.query(`
      CREATE INDEX p_doc ON p USING gin (doc);
      CREATE INDEX p_price ON p (price);
      CREATE INDEX v_attr ON v (attr, value, id);
      CREATE INDEX v_id ON v (id, attr);
      ANALYZE p; ANALYZE v;
    `);
    return new PostgresBaseline(client);
  }

  /** Words OR-ed, the last one as a prefix (tsquery syntax). */
  static match(text: string): string {
    const words = queryWords(text);
    return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' | ');
  }

  private filters(query: BaselineQuery, params: unknown[], except?: string): string {
    const param = (value: unknown) => `$${params.push(value)}`;
    const parts = ['p.listed', `p.id IN (SELECT id FROM v WHERE attr = 'category_ids' AND value = ${param(query.category)})`];
    if (query.colour !== undefined && except !== 'color') parts.push(`p.id IN (SELECT id FROM v WHERE attr = 'color' AND value = ${param(query.colour)})`);
    if (query.text) parts.push(`p.doc @@ to_tsquery('simple', ${param(PostgresBaseline.match(query.text))})`);
    return parts.join(' AND ');
  }

  async run(query: BaselineQuery): Promise<{ total: number; items: unknown[] }> {
    const params: unknown[] = [];
    const where = this.filters(query, params);
    const order = query.text ? `ts_rank('{0.01, 0.2, 0.5, 1.0}', p.doc, to_tsquery('simple', $${params.length})) DESC` : 'p.price';
    const items = (await this.client.query(`SELECT p.id, p.sku, p.price FROM p WHERE ${where} ORDER BY ${order} LIMIT ${query.size}`, params)).rows;
    const total = Number((await this.client.query(`SELECT count(*) AS n FROM p WHERE ${where}`, params)).rows[0].n);
    if (query.facets) {
      for (const attr of TERM_FACETS) {
        const scoped: unknown[] = [attr];
        const scopedWhere = this.filters(query, scoped, attr);
        await this.client.query(
          `SELECT v.value, count(*) FROM v JOIN p ON p.id = v.id WHERE v.attr = $1 AND ${scopedWhere} GROUP BY v.value ORDER BY 2 DESC LIMIT 30`,
          scoped,
        );
      }
      for (const [attr, buckets] of Object.entries(RANGES)) {
        const source =
          attr === 'price'
            ? `SELECT p.id, p.price AS value FROM p WHERE ${where}`
            : `SELECT v.id, v.value FROM v JOIN p ON p.id = v.id WHERE v.attr = '${attr}' AND ${where}`;
        await this.client.query(
          `SELECT bucket, count(DISTINCT id) FROM (SELECT id, CASE ${bucketCase(buckets)} END AS bucket FROM (${source}) s) b GROUP BY bucket`,
          params,
        );
      }
    }
    return { total, items };
  }

  async close() {
    await this.client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await this.client.end();
  }
}
