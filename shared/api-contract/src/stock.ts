import { Type, type Static } from '@sinclair/typebox';
import { StockInfo } from './product';
import { answers, Nullable } from './envelope';

/** The client splits stock lists into chunks of 15 (spec §9); more in one call is refused. */
export const STOCK_LIST_CHUNK = 15;

/**
 * A SKU's stock straight from the stock table (what orders reserve), never from a cached
 * document: the SKU, its product and the catalogue's stock fields (StockInfo); VSF reads qty,
 * is_in_stock, product_id and manage_stock (StockService).
 */
export const StockItem = Type.Composite([
  Type.Object({
    product_id: Type.Integer(),
    sku: Type.String(),
    /** The configurable product a variant belongs to; null for a simple product. */
    parent_sku: Nullable(Type.String()),
  }),
  StockInfo,
]);
export type StockItem = Static<typeof StockItem>;

/** `GET /api/stock/check?sku=` → the SKU's stock; 404 for an unknown SKU. */
export const StockCheck = {
  summary: 'Stock of one SKU',
  tags: ['stock'],
  querystring: Type.Object({ sku: Type.String({ minLength: 1, maxLength: 64 }) }),
  response: answers(StockItem),
};

/** `GET /api/stock/list?skus=a,b` → the stock of those SKUs the shop has, in the order asked (unknown ones left out). */
export const StockList = {
  summary: `Stock of up to ${STOCK_LIST_CHUNK} SKUs`,
  tags: ['stock'],
  querystring: Type.Object({ skus: Type.String({ minLength: 1, maxLength: 2000 }) }),
  response: answers(Type.Array(StockItem)),
};
