import { createHash } from 'node:crypto';
import type { NotificationOutcome } from '@kaloryfer/api-contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentTable, SalesOrderTable } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { PaymentGateway, PaymentNotification } from './gateway';
import { returnOrigin } from './return-origin';

export interface PaymentLinks {
  /** Server-to-server address the gateway reports to. */
  notifyUrl: () => string;
  /** Where the shopper's browser comes back to after paying, on the origin `returnOrigins` chose. */
  continueUrl: (orderNumber: string, origin: string) => string;
  /** The origins a shopper may be returned to (PUBLIC_ORIGINS), and the public URL for everyone else. */
  returnOrigins: { allowed: readonly string[]; fallback: string };
}

/** What paying needs to know of an order (an `OrderSummary` is one). */
export interface PayableOrder {
  id: number;
  orderNumber: string;
  email: string;
  paymentMethod: { code: string };
  paymentState: SalesOrderTable['payment_state'];
  grandTotal: number;
}

/** An order paid through the gateway that has not been paid yet (awaiting, or failed and retried). */
export const needsPayment = (order: Pick<PayableOrder, 'paymentState'>) => order.paymentState === 'awaiting' || order.paymentState === 'failed';

/**
 * Online payments of orders. `redirectFor` registers an attempt with the gateway (or hands back
 * the attempt still open, so placing the same order twice sends the shopper to one payment);
 * `notify` applies a verified notification once: an attempt moves from `new` to `completed` or
 * `canceled` and never back, a completed attempt marks the order paid, a canceled one marks it
 * failed only while it was awaiting — so a replayed "canceled" cannot undo a payment.
 */
export class Payments {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
    private readonly links: PaymentLinks,
    private readonly clock: () => Date,
  ) {}

  /**
   * The gateway page for this order's open payment attempt — registered now if there is none,
   * returning the shopper to `shopperOrigin` when it is one of the shop's (return-origin.ts).
   * An attempt still open keeps the return address it was registered with.
   */
  async redirectFor(order: PayableOrder, shopperOrigin: string | null = null): Promise<string> {
    if (!needsPayment(order)) {
      throw order.paymentState === 'paid' ? new ApiError(409, 'This order has been paid') : new ApiError(400, 'This order is paid offline');
    }
    const amountGrosze = Math.round(order.grandTotal * 100);
    const open = await this.db.kysely
      .selectFrom('payment')
      .select('redirect_url')
      .where('order_id', '=', order.id)
      .where('status', '=', 'new')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (open) return open.redirect_url;
    const registered = await this.gateway.register({
      orderNumber: order.orderNumber,
      amountGrosze,
      currency: 'PLN',
      email: order.email,
      description: `Kaloryfer – zamówienie ${order.orderNumber}`,
      method: order.paymentMethod.code,
      notifyUrl: this.links.notifyUrl(),
      continueUrl: this.links.continueUrl(order.orderNumber, returnOrigin(shopperOrigin, this.links.returnOrigins.allowed, this.links.returnOrigins.fallback)),
    });
    const now = this.clock().toISOString();
    await this.db.kysely
      .insertInto('payment')
      .values({
        order_id: order.id,
        gateway: this.gateway.name,
        gateway_order_id: registered.gatewayOrderId,
        method: order.paymentMethod.code,
        amount_grosze: amountGrosze,
        status: 'new',
        redirect_url: registered.redirectUrl,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A retry after a failure awaits the new attempt.
    await this.db.kysely
      .updateTable('sales_order')
      .set({ payment_state: 'awaiting' })
      .where('id', '=', order.id)
      .where('payment_state', '=', 'failed')
      .execute();
    return registered.redirectUrl;
  }

  /** Null when the signature does not verify: nothing is read from such a body. */
  verify(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentNotification | null {
    return this.gateway.verify(rawBody, headers);
  }

  async notify(notification: PaymentNotification, rawBody: string): Promise<NotificationOutcome> {
    const outcome = await this.db.kysely.transaction().execute(async (trx): Promise<NotificationOutcome> => {
      const attempt = await trx.selectFrom('payment').selectAll().where('gateway_order_id', '=', notification.gatewayOrderId).executeTakeFirst();
      const order = attempt && (await trx.selectFrom('sales_order').select(['id', 'increment_id']).where('id', '=', attempt.order_id).executeTakeFirst());
      // Signed, but not about a payment we registered as it says: nothing to do.
      if (!attempt || !order || order.increment_id !== notification.orderNumber || attempt.amount_grosze !== notification.amountGrosze) return 'ignored';
      if (notification.status === 'PENDING') return 'unchanged';
      const next: PaymentTable['status'] = notification.status === 'COMPLETED' ? 'completed' : 'canceled';
      const moved = await trx
        .updateTable('payment')
        .set({ status: next, updated_at: this.clock().toISOString() })
        .where('id', '=', attempt.id)
        .where('status', '=', 'new')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return 'unchanged';
      if (next === 'completed') {
        await trx.updateTable('sales_order').set({ payment_state: 'paid', status: 'processing' }).where('id', '=', order.id).execute();
      } else {
        await trx
          .updateTable('sales_order')
          .set({ payment_state: 'failed' })
          .where('id', '=', order.id)
          .where('payment_state', '=', 'awaiting')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('payment')
                  .select(sql`1`.as('one'))
                  .where('order_id', '=', order.id)
                  .where('status', 'in', ['new', 'completed']),
              ),
            ),
          )
          .execute();
      }
      return 'applied';
    });
    await this.db.kysely
      .insertInto('payment_notification')
      .values({
        gateway_order_id: notification.gatewayOrderId,
        status: notification.status,
        body_sha256: createHash('sha256').update(rawBody).digest('hex'),
        outcome,
        received_at: this.clock().toISOString(),
      })
      .execute();
    return outcome;
  }
}
