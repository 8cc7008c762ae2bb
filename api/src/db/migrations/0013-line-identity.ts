import { lineIdentity, type LineOptions } from '@kaloryfer/domain';
import type { Kysely } from 'kysely';

interface CartItemRow {
  item_id: number;
  cart_id: string;
  sku: string;
  qty: number;
  product_option: string | null;
  checksum: string;
}
interface Tables {
  cart_item: CartItemRow;
}

/**
 * A cart line's identity is now the shop's one rule (shared/domain line-identity, issue #21),
 * which the cart engine in the browser computes too; lines stored before carried a SHA-1 of the
 * API's own. Each stored line gets its identity again from its sku and options, so adding the
 * same product to an existing cart still adds up. Two lines of one cart that meet under the new
 * identity (not expected: it keeps the old distinctions) become one with their quantities added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = db as unknown as Kysely<Tables>;
  const rows = await tables.selectFrom('cart_item').selectAll().orderBy('cart_id').orderBy('item_id').execute();
  const kept = new Map<string, CartItemRow>();
  // No transaction of its own: kysely's migrator runs each migration in one.
  // Placeholders first, so no new identity meets an old one under the unique (cart_id, checksum) index.
  for (const row of rows)
    await tables
      .updateTable('cart_item')
      .set({ checksum: `migrating-${row.item_id}` })
      .where('item_id', '=', row.item_id)
      .execute();
  for (const row of rows) {
    const option = row.product_option ? (JSON.parse(row.product_option) as { extension_attributes?: LineOptions }) : null;
    const identity = lineIdentity(row.sku, option?.extension_attributes);
    const same = kept.get(`${row.cart_id} ${identity}`);
    if (same) {
      same.qty += row.qty;
      await tables.updateTable('cart_item').set({ qty: same.qty }).where('item_id', '=', same.item_id).execute();
      await tables.deleteFrom('cart_item').where('item_id', '=', row.item_id).execute();
      continue;
    }
    kept.set(`${row.cart_id} ${identity}`, row);
    await tables.updateTable('cart_item').set({ checksum: identity }).where('item_id', '=', row.item_id).execute();
  }
}

/** The old identities are not kept: going down leaves the new ones, which the old code only fails to add up to. */
export async function down(): Promise<void> {}
