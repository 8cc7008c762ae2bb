import { STOCK_LIST_CHUNK, StockCheck, StockList, type StockItem } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { StockItemTable } from '../db/schema';
import { ApiError, sendResult } from '../http/envelope';
import { stockInfoOf } from './stock-row';
import { EMPTY_PRODUCT } from './catalog-messages';
import { parseSkus } from './product-routes';

function toStock(row: StockItemTable): StockItem {
  return { product_id: row.product_id, sku: row.sku, parent_sku: row.parent_sku, ...stockInfoOf(row) };
}

/** Stock straight from the stock table (what orders reserve), never from a cached document. */
export async function stockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.get('/api/stock/check', { schema: StockCheck }, async (request, reply) => {
    const row = await db.kysely.selectFrom('stock_item').selectAll().where('sku', '=', request.query.sku).executeTakeFirst();
    if (!row) throw new ApiError(404, EMPTY_PRODUCT);
    return sendResult(reply, toStock(row));
  });

  routes.get('/api/stock/list', { schema: StockList }, async (request, reply) => {
    const skus = parseSkus(request.query.skus, STOCK_LIST_CHUNK, 'stock/list');
    const rows = await db.kysely.selectFrom('stock_item').selectAll().where('sku', 'in', skus).execute();
    const bySku = new Map(rows.map((row) => [row.sku, row]));
    return sendResult(
      reply,
      skus.flatMap((sku) => (bySku.has(sku) ? [toStock(bySku.get(sku)!)] : [])),
    );
  });
}
