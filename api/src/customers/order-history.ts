import type {
  CartOptionLabel,
  CartProductOption,
  CartTotals,
  OrderAddress,
  OrderHistoryEntry,
  OrderHistoryLine,
  OrderHistoryPage,
  Product,
} from '@kaloryfer/api-contract';
import { INSTANT_CHECKOUT_METHODS, isViewable, NO_SHIPPING, PAYMENT_METHODS, SHIPPING_METHOD_DEFS, shippingCodeOf } from '@kaloryfer/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { SalesOrderItemTable, SalesOrderTable } from '../db/schema';

/** What the catalogue says of a sku for a history line. */
type Shown = Pick<OrderHistoryLine, 'image' | 'slug' | 'parent_sku'>;
const UNKNOWN: Shown = { image: null, slug: null, parent_sku: null };

/**
 * The signed-in customer's orders (`GET /api/user/order-history`): only orders placed with their
 * token (`sales_order.customer_id`); a guest order with the same e-mail is not theirs. Newest first.
 */
export class OrderHistory {
  constructor(private readonly db: Db) {}

  async page(customerId: number, pageSize: number, currentPage: number): Promise<OrderHistoryPage> {
    const { count } = await this.db.kysely
      .selectFrom('sales_order')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const rows = await this.db.kysely
      .selectFrom('sales_order')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute();
    return { items: await this.withItems(rows), total_count: Number(count), search_criteria: { page_size: pageSize, current_page: currentPage } };
  }

  /** One of the customer's orders by its number; null for an order that is not theirs (or none). */
  async one(customerId: number, orderNumber: string): Promise<OrderHistoryEntry | null> {
    const row = await this.db.kysely
      .selectFrom('sales_order')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('increment_id', '=', orderNumber)
      .executeTakeFirst();
    return row ? (await this.withItems([row]))[0] : null;
  }

  private async withItems(rows: Selectable<SalesOrderTable>[]): Promise<OrderHistoryEntry[]> {
    if (rows.length === 0) return [];
    const items = await this.db.kysely
      .selectFrom('sales_order_item')
      .selectAll()
      .where(
        'order_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    const byOrder = new Map<number, Selectable<SalesOrderItemTable>[]>();
    for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
    const shown = await this.shownBySku([...new Set(items.map((item) => item.sku))]);
    return rows.map((row) => orderOf(row, byOrder.get(row.id) ?? [], shown));
  }

  /**
   * The catalogue's picture, slug and parent of these skus in one query: the products with
   * such a sku, and the configurable parents of those that are variants (stock_item knows a
   * variant's parent; the variant itself lives inside its parent's document).
   */
  private async shownBySku(skus: string[]): Promise<Map<string, Shown>> {
    const shown = new Map<string, Shown>();
    if (skus.length === 0) return shown;
    const rows = await this.db.kysely
      .selectFrom('product')
      .select('doc')
      .where((eb) =>
        eb.or([
          eb('sku', 'in', skus),
          eb(
            'sku',
            'in',
            eb.selectFrom('stock_item').select('parent_sku').where('sku', 'in', skus).where('parent_sku', 'is not', null).$narrowType<{ parent_sku: string }>(),
          ),
        ]),
      )
      .execute();
    const wanted = new Set(skus);
    for (const product of rows.map((row) => JSON.parse(row.doc) as Product)) {
      const slug = isViewable(product) ? product.slug : null;
      if (wanted.has(product.sku)) shown.set(product.sku, { image: product.image || null, slug, parent_sku: null });
      for (const child of product.configurable_children ?? []) {
        if (wanted.has(child.sku)) shown.set(child.sku, { image: child.image || product.image || null, slug, parent_sku: product.sku });
      }
    }
    return shown;
  }
}

function orderOf(row: Selectable<SalesOrderTable>, items: Selectable<SalesOrderItemTable>[], shown: Map<string, Shown>): OrderHistoryEntry {
  const totals = JSON.parse(row.totals) as CartTotals;
  const addresses = JSON.parse(row.addresses) as { shipping: OrderAddress; billing: OrderAddress };
  const payment = [...PAYMENT_METHODS, ...INSTANT_CHECKOUT_METHODS].find((method) => method.code === row.payment_method);
  const shipping = [...SHIPPING_METHOD_DEFS, NO_SHIPPING].find((method) => shippingCodeOf(method) === row.shipping_method);
  const shippingAddress = { ...addresses.shipping, address_type: 'shipping' as const };
  return {
    entity_id: row.id,
    increment_id: row.increment_id,
    order_id: row.client_order_id,
    created_at: row.created_at,
    status: row.status,
    payment_state: row.payment_state,
    customer_email: row.email,
    customer_firstname: addresses.billing.firstname,
    customer_lastname: addresses.billing.lastname,
    grand_total: row.grand_total_grosze / 100,
    subtotal_incl_tax: totals.subtotal_incl_tax,
    discount_amount: totals.discount_amount,
    coupon_code: totals.coupon_code,
    shipping_incl_tax: totals.shipping_incl_tax,
    payment_fee_incl_tax: totals.payment_fee_incl_tax,
    tax_amount: totals.tax_amount,
    total_segments: totals.total_segments,
    shipping_method: row.shipping_method,
    shipping_description: shipping?.method_title ?? row.shipping_method,
    payment: { method: row.payment_method, additional_information: [payment?.title ?? row.payment_method], offline: row.payment_state === 'offline' },
    items: items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty_ordered: item.qty,
      price_incl_tax: item.price_grosze / 100,
      row_total_incl_tax: item.row_total_grosze / 100,
      product_option: item.product_option ? (JSON.parse(item.product_option) as CartProductOption) : null,
      options: JSON.parse(item.options) as CartOptionLabel[],
      ...(shown.get(item.sku) ?? UNKNOWN),
    })),
    billing_address: { ...addresses.billing, address_type: 'billing' },
    shipping_address: shippingAddress,
    extension_attributes: { shipping_assignments: [{ shipping: { address: shippingAddress, method: row.shipping_method } }] },
  };
}
