import { addressProblem, INSTANT_CHECKOUT_METHODS, NO_SHIPPING, PAYMENT_METHODS, SHIPPING_METHOD_DEFS, shippingCodeOf } from '@kaloryfer/domain';
import type { ExperimentPins, OrderAddress, PlacedOrder, ShopperOrder } from '@kaloryfer/api-contract';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CartLineRow, Carts, CartTotalsView, CartView } from '../cart';
import type { Db } from '../db/database';
import type { CartTable, Database, SalesOrderItemTable, SalesOrderTable, StockItemTable } from '../db/schema';
import { ApiError } from '../http/envelope';
import { announceMail, enqueueMail } from '../mail';
import { CONFIRMATION_KEY, placeInOneStatement, type NewItem, type NewOrder } from './order-statement';
import { orderConfirmation } from '../mail';
import type { Experiments } from '../experiments';

export const ORDER_MESSAGES = {
  emptyCart: 'Shopping cart is empty, add products before entering Checkout',
  notAvailable: 'Some of the ordered products are not available',
} as const satisfies Record<string, SpecMessage>;

/** Payment methods that need no gateway: the order is placed and waits for the goods, the transfer or the salon visit. */
const OFFLINE_METHODS: ReadonlySet<string> = new Set(['cashondelivery', 'banktransfer', 'payinstore']);

/** An order's address as stored and answered (the allow-listed fields: orders/order-body.ts). */
export type AddressInput = OrderAddress;

/** An order to place, as the order route hands it over: the request's body (`OrderBody`) read, with the cart row and who orders. */
export interface OrderToPlace {
  /** The client's id for this order: the same id again returns the same order. */
  clientOrderId: string;
  cart: CartTable;
  /** The cart's lines as read with it (Carts.rowWithLines); read again when left out. */
  lines?: CartLineRow[];
  customerId: number | null;
  groupId: number;
  shippingAddress: AddressInput;
  billingAddress?: AddressInput;
  shippingMethod: string;
  paymentMethod: string;
  /** The A/B builds the shopper's page pinned (the signed kf_ab cookie): recorded with the order. */
  experimentPins?: ExperimentPins | null;
}

/** What the thank-you page (`GET /api/order/status`, without the row id) and the confirmation e-mail say about an order. */
export interface OrderSummary extends ShopperOrder {
  id: number;
}

const grosze = (amount: number) => Math.round(amount * 100);
const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

/**
 * Placing orders (spec §4, architecture: idempotent, stock reserved atomically). The order is
 * the server cart priced today — prices a client sends are never read. All at once or not at all,
 * every stock-keeping SKU is reserved (only while enough is left), the order takes its number,
 * the order and its lines are written, the confirmation e-mail is queued (mail outbox: the worker
 * sends it) and the cart is emptied; any refusal changes nothing. PostgreSQL does it in one
 * statement (order-statement.ts), SQLite step by step in a transaction.
 */
export class Orders {
  constructor(
    private readonly db: Db,
    private readonly carts: Carts,
    private readonly clock: () => Date,
    /** Told the stock rows an order changed (the catalogue patches its in-memory copy). */
    private readonly stockChanged: (rows: StockItemTable[]) => void = () => {},
    /** The store the orders are numbered for (STORE_CODE: its own order counter on SQLite; PostgreSQL numbers the whole database from one sequence). */
    private readonly storeCode = 'pl',
    /** Where an order placed inside an A/B test is counted (docs/experiments.md). */
    private readonly experiments?: Experiments,
  ) {}

  async place(request: OrderToPlace): Promise<PlacedOrder> {
    // A replay answers with its order. On PostgreSQL not asked first: a replay finds its cart empty
    // (asked below) or meets the unique client_order_id (caught below) — one round trip less per order.
    const earlier = this.postgres ? null : await this.byClientId(request.clientOrderId, request.cart.id);
    if (earlier) return earlier;
    const problem =
      addressProblem(request.shippingAddress, { needsEmail: true }) ??
      (request.billingAddress ? addressProblem(request.billingAddress, { needsEmail: false }) : null);
    if (problem) throw new ApiError(400, problem);

    const view = await this.carts.view(request.cart, request.groupId, request.lines);
    if (view.lines.length === 0) {
      // A twin of this request may have been placed — and emptied the cart — since the check above: answer with it.
      const placedMeanwhile = await this.byClientId(request.clientOrderId, request.cart.id);
      if (placedMeanwhile) return placedMeanwhile;
      throw new ApiError(400, ORDER_MESSAGES.emptyCart);
    }
    if (view.lines.some((entry) => entry.error || !entry.line)) throw new ApiError(409, ORDER_MESSAGES.notAvailable);
    if (!this.carts.shippingMethodOf(view, request.shippingMethod)?.available)
      throw new ApiError(400, `Shipping method ${request.shippingMethod} is not available for the cart`);
    if (!this.carts.paymentMethodOf(view, request.paymentMethod, request.shippingMethod))
      throw new ApiError(400, `Payment method ${request.paymentMethod} is not available for the cart`);
    const totals: CartTotalsView = this.carts.totals({
      ...view,
      cart: { ...view.cart, shipping_method: request.shippingMethod, payment_method: request.paymentMethod },
    });
    const reserve = new Map<string, number>();
    for (const entry of view.lines) for (const unit of entry.line!.stock) reserve.set(unit.sku, (reserve.get(unit.sku) ?? 0) + unit.qty);
    const offline = OFFLINE_METHODS.has(request.paymentMethod);
    const status = offline ? 'processing' : 'pending_payment';
    const paymentState = offline ? 'offline' : 'awaiting';
    const order: Omit<Selectable<SalesOrderTable>, 'id' | 'increment_id'> = {
      store_code: this.storeCode,
      client_order_id: request.clientOrderId,
      cart_id: request.cart.id,
      customer_id: request.customerId,
      email: request.shippingAddress.email!.trim(),
      status,
      payment_state: paymentState,
      shipping_method: request.shippingMethod,
      payment_method: request.paymentMethod,
      addresses: JSON.stringify({ shipping: request.shippingAddress, billing: request.billingAddress ?? request.shippingAddress }),
      totals: JSON.stringify(totals),
      grand_total_grosze: grosze(totals.grand_total),
      created_at: this.clock().toISOString(),
    };
    const items: Omit<Selectable<SalesOrderItemTable>, 'id' | 'order_id'>[] = view.lines.map((entry) => ({
      sku: entry.sku,
      name: entry.line!.name,
      qty: entry.qty,
      price_grosze: grosze(entry.line!.unitPrice),
      row_total_grosze: grosze(entry.line!.rowTotal),
      product_option: entry.product_option ? JSON.stringify(entry.product_option) : null,
      options: JSON.stringify(entry.line!.labels),
    }));

    const placedAs = (orderNumber: string, id: number): PlacedOrder => ({
      orderNumber,
      backendOrderId: id,
      clientOrderId: request.clientOrderId,
      status,
      paymentState,
      grandTotal: totals.grand_total,
      created: true,
    });
    /** What an order does besides its rows, in its transaction: a single-use coupon (the newsletter's) serves this one order only; an A/B test counts it (an order sent twice counts once, like the order). */
    const withinOrder = async (trx: Transaction<Database>, id: number) => {
      await this.carts.redeemCoupon(trx, view, id);
      if (request.experimentPins && this.experiments) await this.experiments.recordOrder(trx, id, request.experimentPins, order.grand_total_grosze);
    };
    try {
      const { placed, stock } = this.postgres
        ? await this.placeOnPostgres(view, reserve, order, items, withinOrder, placedAs, Boolean(request.experimentPins && this.experiments))
        : await this.db.kysely.transaction().execute(async (trx) => {
            // Asked again inside the transaction on SQLite, where transactions run one after another, so a
            // twin request sees the first's order here. (PostgreSQL runs twins side by side: the second's
            // insert meets the unique client_order_id, below.)
            const twin = await this.byClientId(request.clientOrderId, request.cart.id, trx);
            if (twin) return { placed: twin, stock: [] };
            const written = await this.writeOnSqlite(trx, reserve, order, items);
            await withinOrder(trx, written.order.id);
            return { placed: placedAs(written.order.increment_id, written.order.id), stock: written.stock };
          });
      if (placed.created) announceMail(this.db); // this process's mail worker delivers it now; a crash before leaves it queued
      if (placed.created && stock.length > 0) this.stockChanged(stock);
      return placed;
    } catch (error) {
      // PostgreSQL runs twin requests side by side: the loser hits the unique client_order_id; answer with the winner's order.
      if (isUniqueViolation(error)) {
        const winner = await this.byClientId(request.clientOrderId, request.cart.id);
        if (winner) return winner;
      }
      throw error;
    }
  }

  /**
   * PostgreSQL: the order in one statement (order-statement.ts) — on its own, or, when it redeems a
   * single-use coupon or is counted in an A/B test, inside a transaction with those writes.
   */
  private async placeOnPostgres(
    view: CartView,
    reserve: Map<string, number>,
    order: NewOrder,
    items: NewItem[],
    withinOrder: (trx: Transaction<Database>, id: number) => Promise<void>,
    placedAs: (orderNumber: string, id: number) => PlacedOrder,
    counted: boolean,
  ): Promise<{ placed: PlacedOrder; stock: StockItemTable[] }> {
    // The confirmation as the shopper will read it; the statement puts the number in (the row id is not in the e-mail).
    const render = (orderNumber: string) =>
      orderConfirmation(summaryOf({ ...order, id: 0, increment_id: orderNumber }, numbered(items.map((item) => ({ ...item, order_id: 0 })))));
    const write = async (executor: Kysely<Database>) => {
      const written = await placeInOneStatement(executor, reserve, order, items, render, this.clock().toISOString());
      if (!written) throw new ApiError(409, ORDER_MESSAGES.notAvailable);
      return written;
    };
    const written =
      this.carts.couponOf(view)?.singleUse || counted
        ? await this.db.kysely.transaction().execute(async (trx) => {
            const placed = await write(trx);
            await withinOrder(trx, placed.id);
            return placed;
          })
        : await write(this.db.kysely);
    return { placed: placedAs(written.number, written.id), stock: written.stock };
  }

  private get postgres(): boolean {
    return this.db.dialect === 'postgres';
  }

  /** SQLite (one writer, in this process; a statement costs no round trip): step by step. */
  private async writeOnSqlite(trx: Kysely<Database>, reserve: Map<string, number>, values: NewOrder, items: NewItem[]): Promise<Written> {
    for (const [sku, qty] of reserve) {
      const result = await trx
        .updateTable('stock_item')
        .set({ qty: sql`qty - ${qty}`, is_in_stock: sql`case when manage_stock = 1 and is_volatile = 0 and qty - ${qty} <= 0 then 0 else is_in_stock end` })
        .where('sku', '=', sku)
        .where('is_in_stock', '=', 1)
        .where((eb) => eb.or([eb('manage_stock', '=', 0), eb('is_volatile', '=', 1), eb('qty', '>=', qty)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new ApiError(409, ORDER_MESSAGES.notAvailable);
    }
    // Numbered only once the stock is reserved: an order refused for stock takes no number.
    const order = await trx
      .insertInto('sales_order')
      .values({ ...values, increment_id: await this.nextNumberOnSqlite(trx) })
      .returningAll()
      .executeTakeFirstOrThrow();
    const lines = await trx
      .insertInto('sales_order_item')
      .values(items.map((item) => ({ ...item, order_id: order.id })))
      .returningAll()
      .execute();
    await trx.deleteFrom('cart_item').where('cart_id', '=', values.cart_id).execute();
    await trx.updateTable('cart').set(this.clearedCart()).where('id', '=', values.cart_id).execute();
    // The confirmation is a row of this transaction (the mail outbox): committed with the order, or
    // not at all. Written from the rows just inserted (as returned), not read back.
    await enqueueMail(trx, { key: confirmationKey(order.id), message: orderConfirmation(summaryOf(order, lines)) });
    const stock =
      reserve.size > 0
        ? await trx
            .selectFrom('stock_item')
            .selectAll()
            .where('sku', 'in', [...reserve.keys()])
            .execute()
        : [];
    return { order, stock };
  }

  /**
   * SQLite: the store's `order_sequence` row, moved inside the order's transaction — SQLite has one
   * writer and runs transactions one after another, so the row's lock costs nothing there, and a
   * rollback takes the increment back (no gaps).
   */
  private async nextNumberOnSqlite(trx: Kysely<Database>): Promise<string> {
    await trx
      .insertInto('order_sequence')
      .values({ store_code: this.storeCode, last_value: 0 })
      .onConflict((oc) => oc.column('store_code').doNothing())
      .execute();
    const { last_value: next } = await trx
      .updateTable('order_sequence')
      .set({ last_value: sql`last_value + 1` })
      .where('store_code', '=', this.storeCode)
      .returning('last_value')
      .executeTakeFirstOrThrow();
    return String(next).padStart(9, '0');
  }

  /** The placed order's cart emptied: no coupon, no chosen methods (its lines are deleted beside it). */
  private clearedCart() {
    return { coupon_code: null, shipping_method: null, payment_method: null, updated_at: this.clock().toISOString() };
  }

  /**
   * An order as its shopper may see it: found by number *and* the client order id only the
   * shopper's browser knows (order numbers are sequential, so the number alone is no secret).
   */
  async summaryFor(orderNumber: string, clientOrderId: string): Promise<OrderSummary | null> {
    const row = await this.db.kysely
      .selectFrom('sales_order')
      .selectAll()
      .where('increment_id', '=', orderNumber)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row ? this.summaryOfRow(row) : null;
  }

  async summaryById(id: number): Promise<OrderSummary> {
    return this.summaryOfRow(await this.db.kysely.selectFrom('sales_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  }

  private async summaryOfRow(row: Selectable<SalesOrderTable>): Promise<OrderSummary> {
    return summaryOf(row, await this.db.kysely.selectFrom('sales_order_item').selectAll().where('order_id', '=', row.id).orderBy('id').execute());
  }

  /** The order placed earlier under this client id — only ever for the same cart (an id is not a key to someone else's order). */
  private async byClientId(clientOrderId: string, cartId: string, executor: Kysely<Database> = this.db.kysely): Promise<PlacedOrder | null> {
    const row = await executor.selectFrom('sales_order').selectAll().where('client_order_id', '=', clientOrderId).executeTakeFirst();
    if (!row) return null;
    if (row.cart_id !== cartId) throw new ApiError(409, 'This order id belongs to another order; send a new one');
    return {
      orderNumber: row.increment_id,
      backendOrderId: row.id,
      clientOrderId: row.client_order_id,
      status: row.status,
      paymentState: row.payment_state,
      grandTotal: row.grand_total_grosze / 100,
      created: false,
    };
  }
}

/** An order as written: its row, and its stock rows as reserved (for the catalogue, after commit). */
interface Written {
  order: Selectable<SalesOrderTable>;
  stock: StockItemTable[];
}

const confirmationKey = (orderId: number) => `${CONFIRMATION_KEY}${orderId}`;
/** Lines in the order they were written, as rows (their ids only order them). */
const numbered = (lines: Omit<Selectable<SalesOrderItemTable>, 'id'>[]) => lines.map((line, index) => ({ ...line, id: index + 1 }));

/** An order as its shopper sees it, from its row and its lines' rows. */
function summaryOf(row: Selectable<SalesOrderTable>, itemRows: Selectable<SalesOrderItemTable>[]): OrderSummary {
  const items = [...itemRows].sort((a, b) => a.id - b.id);
  const totals = JSON.parse(row.totals) as CartTotalsView;
  const addresses = JSON.parse(row.addresses) as { shipping: AddressInput; billing: AddressInput };
  const payment = [...PAYMENT_METHODS, ...INSTANT_CHECKOUT_METHODS].find((method) => method.code === row.payment_method);
  const shipping = [...SHIPPING_METHOD_DEFS, NO_SHIPPING].find((method) => shippingCodeOf(method) === row.shipping_method);
  return {
    id: row.id,
    orderNumber: row.increment_id,
    status: row.status,
    paymentState: row.payment_state,
    email: row.email,
    createdAt: row.created_at,
    paymentMethod: { code: row.payment_method, title: payment?.title ?? row.payment_method, offline: row.payment_state === 'offline' },
    shippingMethod: { code: row.shipping_method, title: shipping?.method_title ?? row.shipping_method },
    grandTotal: row.grand_total_grosze / 100,
    segments: totals.total_segments,
    items: items.map((item) => ({
      sku: item.sku,
      name: item.name,
      qty: item.qty,
      priceInclTax: item.price_grosze / 100,
      rowTotalInclTax: item.row_total_grosze / 100,
      options: JSON.parse(item.options) as { label: string; value: string }[],
    })),
    shippingAddress: addresses.shipping,
    billingAddress: addresses.billing,
  };
}
