import {
  INSTANT_CHECKOUT_METHODS, isViewable, NO_SHIPPING, PAYMENT_METHODS, SHIPPING_METHOD_DEFS, shippingCodeOf, type CartTotals, type Product,
} from '@kaloryfer/domain';
import type { Selectable } from 'kysely';
import type { CartTotalsView } from '../cart/carts';
import type { Db } from '../db/database';
import type { SalesOrderItemTable, SalesOrderTable } from '../db/schema';
import type { AddressInput } from '../orders/orders';

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;

/**
 * An order in the customer's history: Magento's order fields as VSF 1's my-account pages read
 * them (`increment_id`, `created_at`, `items[].qty_ordered`, `billing_address`,
 * `extension_attributes.shipping_assignments[0].shipping.address`, `payment.additional_information`)
 * plus the shop's own: `payment_state`, the client order id that `/api/order/payment` needs to
 * retry a failed payment, and the server's total segments.
 */
/** An order in the history: its totals as the cart reported them (the shared CartTotals) and the rest of it. */
export interface HistoryOrder extends CartTotals {
  entity_id: number;
  increment_id: string;
  /** The client order id the order was placed with (`order_id` of /api/order/status and /api/order/payment). */
  order_id: string;
  created_at: string;
  status: SalesOrderTable['status'];
  payment_state: SalesOrderTable['payment_state'];
  customer_email: string;
  customer_firstname: string;
  customer_lastname: string;
  shipping_method: string;
  shipping_description: string;
  payment: { method: string; additional_information: [string]; offline: boolean };
  items: HistoryLine[];
  billing_address: AddressInput & { address_type: 'billing' };
  shipping_address: AddressInput & { address_type: 'shipping' };
  extension_attributes: { shipping_assignments: [{ shipping: { address: AddressInput & { address_type: 'shipping' }; method: string } }] };
}

/**
 * A line of an order: VSF's fields, plus what a thumbnail and a link need, read from today's
 * catalogue (the order keeps the name and prices it was bought at, not the picture): `image`
 * (catalogue image path; the variant's own when it has one), `slug` of the product page and
 * `parent_sku` (the configurable a variant belongs to). Null when the catalogue no longer
 * knows the sku; `slug` null too when its product is not shown any more (no page to link to).
 */
export interface HistoryLine {
  sku: string;
  name: string;
  qty_ordered: number;
  price_incl_tax: number;
  row_total_incl_tax: number;
  product_option: unknown;
  options: { label: string; value: string }[];
  image: string | null;
  slug: string | null;
  parent_sku: string | null;
}

/** What the catalogue says of a sku for a history line. */
type Shown = Pick<HistoryLine, 'image' | 'slug' | 'parent_sku'>;
const UNKNOWN: Shown = { image: null, slug: null, parent_sku: null };

export interface HistoryPage {
  items: HistoryOrder[];
  total_count: number;
  search_criteria: { page_size: number; current_page: number };
}

/**
 * The signed-in customer's orders (`GET /api/user/order-history`): only orders placed with their
 * token (`sales_order.customer_id`); a guest order with the same e-mail is not theirs. Newest first.
 */
export class OrderHistory {
  constructor(private readonly db: Db) {}

  async page(customerId: number, pageSize: number, currentPage: number): Promise<HistoryPage> {
    const { count } = await this.db.kysely.selectFrom('sales_order').select((eb) => eb.fn.countAll<number>().as('count'))
      .where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    const rows = await this.db.kysely.selectFrom('sales_order').selectAll().where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return { items: await this.withItems(rows), total_count: Number(count), search_criteria: { page_size: pageSize, current_page: currentPage } };
  }

  /** One of the customer's orders by its number; null for an order that is not theirs (or none). */
  async one(customerId: number, orderNumber: string): Promise<HistoryOrder | null> {
    const row = await this.db.kysely.selectFrom('sales_order').selectAll()
      .where('customer_id', '=', customerId).where('increment_id', '=', orderNumber).executeTakeFirst();
    return row ? (await this.withItems([row]))[0] : null;
  }

  private async withItems(rows: Selectable<SalesOrderTable>[]): Promise<HistoryOrder[]> {
    if (rows.length === 0) return [];
    const items = await this.db.kysely.selectFrom('sales_order_item').selectAll().where('order_id', 'in', rows.map((row) => row.id)).orderBy('id').execute();
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
    const rows = await this.db.kysely.selectFrom('product').select('doc')
      .where((eb) => eb.or([
        eb('sku', 'in', skus),
        eb('sku', 'in', eb.selectFrom('stock_item').select('parent_sku').where('sku', 'in', skus).where('parent_sku', 'is not', null).$narrowType<{ parent_sku: string }>()),
      ]))
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

function orderOf(row: Selectable<SalesOrderTable>, items: Selectable<SalesOrderItemTable>[], shown: Map<string, Shown>): HistoryOrder {
  const totals = JSON.parse(row.totals) as CartTotalsView;
  const addresses = JSON.parse(row.addresses) as { shipping: AddressInput; billing: AddressInput };
  const payment = [...PAYMENT_METHODS, ...INSTANT_CHECKOUT_METHODS].find((method) => method.code === row.payment_method);
  const shipping = [...SHIPPING_METHOD_DEFS, NO_SHIPPING].find((method) => shippingCodeOf(method) === row.shipping_method);
  const shippingAddress = { ...addresses.shipping, address_type: 'shipping' as const };
  return {
    entity_id: row.id, increment_id: row.increment_id, order_id: row.client_order_id, created_at: row.created_at,
    status: row.status, payment_state: row.payment_state, customer_email: row.email,
    customer_firstname: addresses.billing.firstname, customer_lastname: addresses.billing.lastname,
    grand_total: row.grand_total_grosze / 100, subtotal_incl_tax: totals.subtotal_incl_tax, discount_amount: totals.discount_amount,
    coupon_code: totals.coupon_code, shipping_incl_tax: totals.shipping_incl_tax, payment_fee_incl_tax: totals.payment_fee_incl_tax,
    tax_amount: totals.tax_amount, total_segments: totals.total_segments,
    shipping_method: row.shipping_method, shipping_description: shipping?.method_title ?? row.shipping_method,
    payment: { method: row.payment_method, additional_information: [payment?.title ?? row.payment_method], offline: row.payment_state === 'offline' },
    items: items.map((item) => ({
      sku: item.sku, name: item.name, qty_ordered: item.qty, price_incl_tax: item.price_grosze / 100, row_total_incl_tax: item.row_total_grosze / 100,
      product_option: item.product_option ? JSON.parse(item.product_option) as unknown : null,
      options: JSON.parse(item.options) as { label: string; value: string }[],
      ...(shown.get(item.sku) ?? UNKNOWN),
    })),
    billing_address: { ...addresses.billing, address_type: 'billing' },
    shipping_address: shippingAddress,
    extension_attributes: { shipping_assignments: [{ shipping: { address: shippingAddress, method: row.shipping_method } }] },
  };
}
