import { MAX_WISHLIST_ITEMS, type Wishlist } from '@kaloryfer/api-contract';
import type { Catalog } from '../catalog';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';

export const NO_SUCH_ITEM = 'No such wishlist item';
export const NO_SUCH_PRODUCT = 'Product query returned an empty result';

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

/**
 * A signed-in customer's wishlist on the server (spec §4 Wishlist, §7): products once per parent
 * sku, in the order they were added. Item ids are per customer: another customer's id is
 * answered exactly like one that does not exist (404).
 */
export class Wishlists {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly clock: () => Date,
  ) {}

  async list(customerId: number): Promise<Wishlist> {
    const rows = await this.db.kysely.selectFrom('wishlist_item').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
    return {
      items: rows.map((row) => ({ id: row.id, sku: row.sku, product: { sku: row.sku }, qty: 1, added_at: row.created_at })),
      items_count: rows.length,
    };
  }

  /** Adds a product by its (parent) sku; one already there is not added twice. A variant's sku adds its parent. */
  async add(customerId: number, sku: string): Promise<true> {
    const entry = this.catalog.bySkuLookup(sku);
    if (!entry) throw new ApiError(404, NO_SUCH_PRODUCT);
    const parentSku = entry.product.sku;
    const present = await this.db.kysely
      .selectFrom('wishlist_item')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('sku', '=', parentSku)
      .executeTakeFirst();
    if (present) return true;
    const { count } = await this.db.kysely
      .selectFrom('wishlist_item')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_WISHLIST_ITEMS) throw new ApiError(400, `A wishlist holds at most ${MAX_WISHLIST_ITEMS} products`);
    try {
      await this.db.kysely.insertInto('wishlist_item').values({ customer_id: customerId, sku: parentSku, created_at: this.clock().toISOString() }).execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // added at the same moment by another tab
    }
    return true;
  }

  /** Removes these items, all or none: an id that is not one of this customer's items → 404 and nothing removed. */
  async remove(customerId: number, itemIds: number[]): Promise<true> {
    const ids = [...new Set(itemIds)];
    if (ids.length === 0) return true;
    await this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('wishlist_item').where('customer_id', '=', customerId).where('id', 'in', ids).executeTakeFirst();
      if (Number(result.numDeletedRows) !== ids.length) throw new ApiError(404, NO_SUCH_ITEM);
    });
    return true;
  }
}
