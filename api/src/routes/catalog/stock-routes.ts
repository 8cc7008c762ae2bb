import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { StockItemTable } from '../../db/schema';
import { ApiError, sendResult } from '../../http/envelope';
import { stockInfoOf } from '../../catalog/stock-row';
import { EMPTY_PRODUCT, parseSkus } from './product-routes';

/** The client splits stock lists into chunks of 15 (spec §9); more in one call is refused. */
export const STOCK_LIST_CHUNK = 15;

function toStock(row: StockItemTable) {
  return { product_id: row.product_id, sku: row.sku, parent_sku: row.parent_sku, ...stockInfoOf(row) };
}

/** Stock straight from the stock table (what orders reserve), never from a cached document. */
export async function stockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const CheckQuery = Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }) });
  app.get<{ Querystring: Static<typeof CheckQuery> }>('/api/stock/check', {
    schema: { summary: 'Stock of one SKU', tags: ['stock'], querystring: CheckQuery },
  }, async (request, reply) => {
    const row = await db.kysely.selectFrom('stock_item').selectAll().where('sku', '=', request.query.sku).executeTakeFirst();
    if (!row) throw new ApiError(404, EMPTY_PRODUCT);
    return sendResult(reply, toStock(row));
  });

  const ListQuery = Type.Object({ skus: Type.String({ minLength: 1, maxLength: 2000 }) });
  app.get<{ Querystring: Static<typeof ListQuery> }>('/api/stock/list', {
    schema: { summary: `Stock of up to ${STOCK_LIST_CHUNK} SKUs`, tags: ['stock'], querystring: ListQuery },
  }, async (request, reply) => {
    const skus = parseSkus(request.query.skus, STOCK_LIST_CHUNK, 'stock/list');
    const rows = await db.kysely.selectFrom('stock_item').selectAll().where('sku', 'in', skus).execute();
    const bySku = new Map(rows.map((row) => [row.sku, row]));
    return sendResult(reply, skus.flatMap((sku) => (bySku.has(sku) ? [toStock(bySku.get(sku)!)] : [])));
  });
}
