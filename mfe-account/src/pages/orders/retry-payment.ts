import type { OrderHistoryEntry, OrderKeys, OrderPaymentStart, RouteAnswer } from '@kaloryfer/api-contract';
import { apiJson } from '@kaloryfer/ui';

/**
 * A new payment attempt for an order whose gateway payment failed (`POST /api/order/payment`,
 * the thank-you page's call): the order number and the client order id open it; the answer is
 * the gateway page to send the shopper to.
 */
export async function retryPayment(order: Pick<OrderHistoryEntry, 'increment_id' | 'order_id'>): Promise<string> {
  const answer = await apiJson<RouteAnswer<typeof OrderPaymentStart>>('/api/order/payment', {
    method: 'POST',
    body: { order_increment_id: order.increment_id, order_id: order.order_id } satisfies OrderKeys,
  });
  return answer.result.paymentRedirect;
}

/** Leaves the shop for the gateway's page (an object, so a test can watch where the shopper is sent). */
export const paymentPage = {
  open: (url: string) => window.location.assign(url),
};

/** Whether "Ponów płatność" is offered: a failed gateway payment (never for cash on delivery or a transfer). */
export const canRetryPayment = (order: Pick<OrderHistoryEntry, 'payment_state' | 'payment'>) => order.payment_state === 'failed' && !order.payment.offline;
