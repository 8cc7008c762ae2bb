import { randomBytes } from 'node:crypto';
import type { CartTotals as CartTotalsAnswer, PaymentMethod, ShippingMethod } from '@kaloryfer/api-contract';
import {
  applicableCoupon,
  cartTotals,
  couponDiscount,
  DEMO_COUPONS,
  INCORRECT_COUPON,
  INSTANT_CHECKOUT_METHODS,
  normaliseCouponCode,
  paymentAllowed,
  paymentMethodsFor,
  shippingCodeOf,
  shippingMethodsFor,
  type Coupon,
} from '@kaloryfer/domain';
import { sql, type Kysely, type QueryCreator, type Selectable } from 'kysely';
import type { Catalog } from '../catalog';
import type { Db } from '../db/database';
import type { CartItemTable, CartTable, Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { priceLine, type LineRequest } from './cart-lines';
import type { PricedLine, ProductOption } from './priced-line';

export const NO_CART = 'No such cart';

/** A stored line priced for today, or the reason it cannot be bought any more. */
export interface CartLineView {
  item_id: number;
  sku: string;
  qty: number;
  product_option: ProductOption | null;
  line: PricedLine | null;
  error: string | null;
  /** What the shopper needs to recognise a line that cannot be priced (sold out, withdrawn): null when the catalogue no longer knows the SKU. */
  shown?: { name: string; image: string; slug: string; parentSku: string | null } | null;
}

export interface CartView {
  cart: CartTable;
  lines: CartLineView[];
  /** The coupons the cart's code can name: the demo ones, plus the issued coupon it names while unused. */
  coupons?: readonly Coupon[];
}

/** Coupons the shop issued to one shopper (the newsletter's unique codes, api/src/newsletter/): good for one order. */
export interface IssuedCoupons {
  /** The unused coupon with this (normalised) code, or null. */
  find(code: string): Promise<Coupon | null>;
  /** Inside the order's transaction: marks it used by this order; false when another order took it first. */
  redeem(trx: Kysely<Database>, code: string, orderId: number): Promise<boolean>;
}

const NO_ISSUED_COUPONS: IssuedCoupons = { find: async () => null, redeem: async () => false };

/** The totals as `cart/totals` answers them (and orders keep them): the contract's shape, not a copy. */
export type CartTotalsView = CartTotalsAnswer;

const now = (clock: () => Date) => clock().toISOString();
/** A cart line as stored. */
export type CartLineRow = Selectable<CartItemTable>;
/** PostgreSQL: how often an update reads and writes again when its line changed in between. */
const LINE_WRITE_ATTEMPTS = 5;

/**
 * Server carts: create, read, add/update/remove lines, coupon, chosen methods, totals. Every
 * read prices the lines again from the catalogue (a price that changed overnight changes the
 * cart); a line whose product can no longer be bought is reported with its reason and left
 * out of the totals. Writes are checked (stock, options, quantities) before anything changes.
 */
export class Carts {
  constructor(
    private readonly db: Db,
    private readonly catalog: Catalog,
    private readonly clock: () => Date,
    private readonly issued: IssuedCoupons = NO_ISSUED_COUPONS,
  ) {}

  /** A guest's new cart; a customer's existing cart if they have one (one cart per customer). */
  async create(customerId: number | null): Promise<string> {
    if (customerId !== null) {
      const existing = await this.db.kysely
        .selectFrom('cart')
        .select('id')
        .where('customer_id', '=', customerId)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst();
      if (existing) return existing.id;
    }
    const id = randomBytes(18).toString('base64url');
    const stamp = now(this.clock);
    await this.db.kysely
      .insertInto('cart')
      .values({
        id,
        customer_id: customerId,
        coupon_code: null,
        shipping_method: null,
        payment_method: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return id;
  }

  /** The cart if this caller may use it: a guest cart by its id, a customer's only with their token. */
  async find(cartId: string, customerId: number | null): Promise<CartTable> {
    return this.usableBy(await this.row(cartId), customerId);
  }

  /**
   * The cart for a line change: on PostgreSQL with its lines, read in the same round trip (the
   * change's first attempt starts from them); SQLite reads them inside the change's transaction.
   */
  async findForUpdate(cartId: string, customerId: number | null): Promise<{ cart: CartTable; lines?: CartLineRow[] }> {
    if (this.db.dialect === 'sqlite') return { cart: await this.find(cartId, customerId) };
    const stored = await this.rowWithLines(cartId);
    return { cart: this.usableBy(stored?.cart ?? null, customerId), lines: stored?.lines };
  }

  /** The cart's row as stored, whoever asks (null when there is none): check it with `usableBy` before use. */
  async row(cartId: string): Promise<CartTable | null> {
    return (await this.db.kysely.selectFrom('cart').selectAll().where('id', '=', cartId).executeTakeFirst()) ?? null;
  }

  /** The cart's row and its lines (null when there is none): one read on PostgreSQL, where an order needs both. */
  async rowWithLines(cartId: string): Promise<{ cart: CartTable; lines: CartLineRow[] } | null> {
    if (this.db.dialect === 'sqlite') {
      const cart = await this.row(cartId);
      return cart ? { cart, lines: await this.linesOf(cartId) } : null;
    }
    const { rows } = await sql<CartTable & { lines: CartLineRow[] }>`
      select c.*, coalesce((select json_agg(i order by i.item_id) from cart_item i where i.cart_id = c.id), '[]'::json) as lines
      from cart c where c.id = ${cartId}`.execute(this.db.kysely);
    if (!rows[0]) return null;
    const { lines, ...cart } = rows[0];
    return { cart, lines };
  }

  private linesOf(cartId: string): Promise<CartLineRow[]> {
    return this.db.kysely.selectFrom('cart_item').selectAll().where('cart_id', '=', cartId).orderBy('item_id').execute();
  }

  /** A stored cart as this caller may use it: 404 when there is none, 403 when it is another customer's. */
  usableBy(cart: CartTable | null, customerId: number | null): CartTable {
    if (!cart) throw new ApiError(404, NO_CART);
    if (cart.customer_id !== null && cart.customer_id !== customerId) throw new ApiError(403, 'This cart belongs to another customer');
    return cart;
  }

  /** The cart priced today; `lines`: its lines as just read with it (rowWithLines), else read here. */
  async view(cart: CartTable, groupId = 0, lines?: CartLineRow[]): Promise<CartView> {
    await this.catalog.ensureCurrent();
    const rows = lines ?? (await this.linesOf(cart.id));
    return {
      cart,
      coupons: await this.couponsFor(cart.coupon_code),
      lines: rows.map((row) => {
        const productOption = row.product_option ? (JSON.parse(row.product_option) as ProductOption) : null;
        const priced = priceLine(this.catalog, { sku: row.sku, qty: row.qty, product_option: productOption }, groupId);
        const known = priced.ok ? null : this.catalog.bySkuLookup(row.sku);
        return {
          item_id: row.item_id,
          sku: row.sku,
          qty: row.qty,
          product_option: productOption,
          line: priced.ok ? priced.line : null,
          error: priced.ok ? null : priced.message,
          shown: known
            ? {
                name: known.product.name,
                image: known.child?.image || known.product.image,
                slug: known.product.slug,
                parentSku: known.child ? known.product.sku : null,
              }
            : null,
        };
      }),
    };
  }

  /**
   * VSF update: with an item_id the line gets this quantity; without one the product is added —
   * to the equal line (same sku and options) when there is one, so the same item twice adds up.
   * SQLite: read and write in one transaction (one writer). PostgreSQL: read, then one statement
   * that writes only if the line is still as read (and touches the cart); a concurrent change of
   * the same line — another tab adding it too — makes it read again and retry, so no add is lost.
   */
  async update(cart: CartTable, request: LineRequest & { item_id?: number }, groupId = 0, linesAsRead?: CartLineRow[]): Promise<CartLineView> {
    await this.catalog.ensureCurrent();
    if (this.db.dialect === 'sqlite') {
      return this.db.kysely.transaction().execute(async (trx) => {
        const plan = await this.planLine(trx, cart, request, groupId);
        let itemId: number;
        if (plan.same) {
          await trx.updateTable('cart_item').set(plan.row).where('item_id', '=', plan.same.item_id).execute();
          itemId = plan.same.item_id;
        } else {
          itemId = (await trx.insertInto('cart_item').values(plan.newRow).returning('item_id').executeTakeFirstOrThrow()).item_id;
        }
        await trx
          .updateTable('cart')
          .set({ updated_at: now(this.clock) })
          .where('id', '=', cart.id)
          .execute();
        return plan.view(itemId);
      });
    }
    for (let attempt = 1; ; attempt += 1) {
      // The first attempt may start from the lines read with the cart (one round trip less); a retry reads them again.
      const plan = await this.planLine(this.db.kysely, cart, request, groupId, attempt === 1 ? linesAsRead : undefined);
      const touched = (db: QueryCreator<Database>) =>
        db
          .updateTable('cart')
          .set({ updated_at: now(this.clock) })
          .where('id', '=', cart.id);
      const written = plan.same
        ? await this.db.kysely
            .with('touched', touched)
            .updateTable('cart_item')
            .set(plan.row)
            .where('item_id', '=', plan.same.item_id)
            .where('qty', '=', plan.same.qty)
            .where('checksum', '=', plan.same.checksum)
            .returning('item_id')
            .executeTakeFirst()
        : await this.db.kysely
            .with('touched', touched)
            .insertInto('cart_item')
            .values(plan.newRow)
            .onConflict((oc) => oc.columns(['cart_id', 'checksum']).doNothing())
            .returning('item_id')
            .executeTakeFirst();
      if (written) return plan.view(written.item_id);
      if (attempt === LINE_WRITE_ATTEMPTS) throw new ApiError(409, 'The cart changed meanwhile; try again');
    }
  }

  /**
   * What an update will write: the line as priced with its new quantity, and the stored line it
   * changes (if any) — looked up in `lines` when the caller has read them, else read.
   */
  private async planLine(executor: Kysely<Database>, cart: CartTable, request: LineRequest & { item_id?: number }, groupId: number, lines?: CartLineRow[]) {
    const existing =
      request.item_id === undefined
        ? undefined
        : lines
          ? lines.find((line) => line.item_id === request.item_id)
          : await executor.selectFrom('cart_item').selectAll().where('cart_id', '=', cart.id).where('item_id', '=', request.item_id).executeTakeFirst();
    if (request.item_id !== undefined && !existing) throw new ApiError(404, `No item ${request.item_id} in this cart`);
    const options = request.product_option ?? (existing?.product_option ? (JSON.parse(existing.product_option) as ProductOption) : null);
    const probe = priceLine(this.catalog, { sku: request.sku, qty: 1, product_option: options }, groupId);
    if (!probe.ok) throw new ApiError(probe.status, probe.message);
    const equal = lines
      ? lines.find((line) => line.checksum === probe.line.checksum)
      : await executor.selectFrom('cart_item').selectAll().where('cart_id', '=', cart.id).where('checksum', '=', probe.line.checksum).executeTakeFirst();
    if (existing && equal && equal.item_id !== existing.item_id) {
      throw new ApiError(409, `This configuration is already item ${equal.item_id} of the cart; change that one`);
    }
    const same = existing ?? equal;
    const qty = existing ? request.qty : (same?.qty ?? 0) + request.qty;
    const priced = priceLine(this.catalog, { sku: probe.line.sku, qty, product_option: probe.line.productOption }, groupId);
    if (!priced.ok) throw new ApiError(priced.status, priced.message);
    const line = priced.line;
    const row = { qty, sku: line.sku, product_option: line.productOption ? JSON.stringify(line.productOption) : null, checksum: line.checksum };
    return {
      same,
      row,
      newRow: { ...row, cart_id: cart.id, created_at: now(this.clock) },
      view: (itemId: number): CartLineView => ({ item_id: itemId, sku: line.sku, qty, product_option: line.productOption, line, error: null }),
    };
  }

  async remove(cart: CartTable, itemId: number): Promise<void> {
    const result = await this.db.kysely.deleteFrom('cart_item').where('cart_id', '=', cart.id).where('item_id', '=', itemId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new ApiError(404, `No item ${itemId} in this cart`);
    await this.db.kysely
      .updateTable('cart')
      .set({ updated_at: now(this.clock) })
      .where('id', '=', cart.id)
      .execute();
  }

  async setCoupon(cart: CartTable, code: string | null): Promise<void> {
    await this.db.kysely
      .updateTable('cart')
      .set({ coupon_code: code, updated_at: now(this.clock) })
      .where('id', '=', cart.id)
      .execute();
    cart.coupon_code = code;
  }

  async setMethods(cart: CartTable, methods: { shipping?: string | null; payment?: string | null }): Promise<void> {
    const change = {
      ...(methods.shipping !== undefined ? { shipping_method: methods.shipping } : {}),
      ...(methods.payment !== undefined ? { payment_method: methods.payment } : {}),
    };
    await this.db.kysely
      .updateTable('cart')
      .set({ ...change, updated_at: now(this.clock) })
      .where('id', '=', cart.id)
      .execute();
    Object.assign(cart, change);
  }

  today(): string {
    return this.clock().toISOString().slice(0, 10);
  }

  subtotalOf(view: CartView): number {
    return view.lines.reduce((sum, entry) => sum + (entry.line?.rowTotal ?? 0), 0);
  }

  /** The cart's coupon if it applies today to this subtotal (it stays stored while it does not). */
  couponOf(view: CartView): Coupon | null {
    return view.cart.coupon_code ? applicableCoupon(view.cart.coupon_code, this.subtotalOf(view), this.today(), view.coupons ?? DEMO_COUPONS) : null;
  }

  /** The coupon a code names if it applies to this cart today: a demo code, or an issued one not used yet. */
  async applicableCoupon(code: string, view: CartView): Promise<Coupon | null> {
    return applicableCoupon(code, this.subtotalOf(view), this.today(), await this.couponsFor(code));
  }

  /** Inside an order's transaction: the single-use coupon its totals used becomes this order's; taken meanwhile → the spec's coupon message, nothing placed. */
  async redeemCoupon(trx: Kysely<Database>, view: CartView, orderId: number): Promise<void> {
    const coupon = this.couponOf(view);
    if (coupon?.singleUse && !(await this.issued.redeem(trx, coupon.code, orderId))) throw new ApiError(400, INCORRECT_COUPON);
  }

  private async couponsFor(code: string | null): Promise<readonly Coupon[]> {
    const issued = code ? await this.issued.find(normaliseCouponCode(code)) : null;
    return issued ? [...DEMO_COUPONS, issued] : DEMO_COUPONS;
  }

  shippingMethods(view: CartView): ShippingMethod[] {
    const subtotal = this.subtotalOf(view);
    const coupon = this.couponOf(view);
    return shippingMethodsFor({
      items: view.lines.flatMap((entry) => (entry.line ? [entry.line.shipping] : [])),
      subtotalAfterDiscount: subtotal + couponDiscount(coupon, subtotal),
      freeShippingCoupon: coupon?.type === 'free_shipping',
    });
  }

  /** The shipping method with this code (`carrier_method`, as the cart stores it) if this cart offers it, available or not. */
  shippingMethodOf(view: CartView, code: string | null): ShippingMethod | undefined {
    return code ? this.shippingMethods(view).find((method) => shippingCodeOf(method) === code) : undefined;
  }

  /**
   * The payment method with this code if this cart may pay with it: one the server lists, or an
   * instant-checkout wallet the browser offers — with the shipping method chosen (spec §9).
   */
  paymentMethodOf(view: CartView, code: string | null, shippingCode = view.cart.shipping_method): PaymentMethod | undefined {
    if (!code) return undefined;
    const method = [...this.paymentMethods(view), ...INSTANT_CHECKOUT_METHODS].find((candidate) => candidate.code === code);
    return method && paymentAllowed(code, { allVirtual: this.allVirtual(view), shippingCode }) ? method : undefined;
  }

  paymentMethods(view: CartView): PaymentMethod[] {
    return paymentMethodsFor({ allVirtual: this.allVirtual(view) });
  }

  private allVirtual(view: CartView): boolean {
    const priced = view.lines.flatMap((entry) => (entry.line ? [entry.line] : []));
    return priced.length > 0 && priced.every((line) => line.shipping.isVirtual);
  }

  totals(view: CartView): CartTotalsView {
    const priced = view.lines.flatMap((entry) => (entry.line ? [{ ...entry.line, item_id: entry.item_id }] : []));
    const coupon = this.couponOf(view);
    // Nothing that can be bought: no shipping and no payment fee to pay for (a cart of sold-out lines owes 0 zł).
    const chosen = priced.length > 0 ? this.shippingMethodOf(view, view.cart.shipping_method) : undefined;
    const shipping = chosen?.available ? chosen : undefined;
    const payment = priced.length > 0 ? this.paymentMethodOf(view, view.cart.payment_method) : undefined;
    return {
      ...cartTotals({
        rowTotals: priced.map((line) => line.rowTotal),
        coupon,
        shipping: shipping ? { title: shipping.carrier_title, price: shipping.price_incl_tax } : null,
        payment: payment ? { title: payment.title, fee: payment.cost_incl_tax } : null,
      }),
      items: priced.map((line) => ({
        item_id: line.item_id,
        sku: line.sku,
        name: line.name,
        qty: line.qty,
        price_incl_tax: line.unitPrice,
        row_total_incl_tax: line.rowTotal,
        options: line.labels,
      })),
      shipping_method: shipping ? view.cart.shipping_method : null,
      payment_method: payment ? payment.code : null,
    };
  }
}
