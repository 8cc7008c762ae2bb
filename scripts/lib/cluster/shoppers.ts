import type { Db } from '../../../api/public/database';

/**
 * Shoppers placing orders through a shop's balancer, as the storefront does, for the fault tests and bench:cluster's failover
 * (an instance killed, the database failing over): a cart, a line, `POST /api/order` with an
 * order id of the shopper's own — and the same request sent again after a network error or a
 * 502/503/504, so an order is placed once however often it is sent.
 */
export const SHOPPER_ADDRESS = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7', '12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
  email: 'anna.kowalska@example.pl',
};

/** One request sent (one attempt of it). */
interface Attempt {
  path: string;
  startedAt: number;
  attempt: number;
  status: number | string;
  servedBy?: string;
}

/** One shopper's order, from the cart to the answer. */
export interface Flow {
  orderId: string;
  cartId?: string;
  orderNumber?: string;
  /** false: the order existed already and its answer was replayed (the request was sent before). */
  created?: boolean;
  confirmedAt?: number;
  error?: string;
}

interface ShopperOptions {
  /** Attempts per request in all (default 3). */
  attempts?: number;
  /** The pause before attempt n + 1 (default 100 ms × n). */
  backOffMs?: (attempt: number) => number;
}

export interface Shoppers {
  /** Every attempt sent, in order. */
  attempts: Attempt[];
  send(method: 'POST', requestPath: string, body?: unknown, onAnswer?: (servedBy: string) => void): Promise<{ code: number; result: unknown }>;
  cartWithLine(flow: Flow, sku: string): Promise<void>;
  /** Places the flow's order; records its number or its error on the flow (never throws). */
  placeOrder(flow: Flow, onAnswer?: (servedBy: string) => void): Promise<void>;
}

export function shoppers(base: string, options: ShopperOptions = {}): Shoppers {
  const maxAttempts = options.attempts ?? 3;
  const backOffMs = options.backOffMs ?? ((attempt: number) => 100 * attempt);
  const attempts: Attempt[] = [];
  const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, backOffMs(attempt)));

  async function send(method: 'POST', requestPath: string, body?: unknown, onAnswer?: (servedBy: string) => void): Promise<{ code: number; result: unknown }> {
    for (let attempt = 1; ; attempt += 1) {
      const record: Attempt = { path: requestPath.split('?')[0], startedAt: performance.now(), attempt, status: 'pending' };
      attempts.push(record);
      try {
        const response = await fetch(base + requestPath, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        record.status = response.status;
        record.servedBy = response.headers.get('x-served-by') ?? undefined;
        onAnswer?.(record.servedBy ?? '');
        const answer = (await response.json().catch(() => null)) as { code: number; result: unknown } | null;
        if ([502, 503, 504].includes(response.status) && attempt < maxAttempts) {
          await backOff(attempt);
          continue;
        }
        if (response.status !== 200 || !answer) throw new Error(`${requestPath.split('?')[0]}: HTTP ${response.status} ${JSON.stringify(answer)}`);
        return answer;
      } catch (error) {
        if (record.status === 'pending') record.status = (error as Error).name;
        if (typeof record.status === 'string' && attempt < maxAttempts) {
          await backOff(attempt);
          continue;
        }
        throw error;
      }
    }
  }

  return {
    attempts,
    send,
    async cartWithLine(flow, sku) {
      flow.cartId = (await send('POST', '/api/cart/create')).result as string;
      await send('POST', `/api/cart/update?cartId=${flow.cartId}`, { cartItem: { sku, qty: 1, quoteId: flow.cartId } });
    },
    async placeOrder(flow, onAnswer) {
      try {
        const placed = await send(
          'POST',
          '/api/order',
          {
            order: {
              order_id: flow.orderId,
              cart_id: flow.cartId,
              addressInformation: {
                shippingAddress: SHOPPER_ADDRESS,
                shipping_carrier_code: 'courier',
                shipping_method_code: 'courier',
                payment_method_code: 'cashondelivery',
              },
            },
          },
          onAnswer,
        );
        const result = placed.result as { orderNumber: string; created: boolean };
        flow.orderNumber = result.orderNumber;
        flow.created = result.created;
        flow.confirmedAt = performance.now();
      } catch (error) {
        flow.error = String(error);
      }
    },
  };
}

/**
 * `workers` shoppers ordering one after another — a cart with one of `skus`, then the order,
 * order ids `<run>-<worker>-<n>` — until `stop()`; every flow is added to `flows`. Resolves when
 * all have stopped.
 */
export function keepOrdering(
  shop: Shoppers,
  { run, workers, skus, flows }: { run: string; workers: number; skus: string[]; flows: Flow[] },
): { stop(): Promise<void> } {
  let stopped = false;
  const shopper = async (worker: number) => {
    for (let n = 0; !stopped; n += 1) {
      const flow: Flow = { orderId: `${run}-${worker}-${n}` };
      flows.push(flow);
      try {
        await shop.cartWithLine(flow, skus[(worker + n) % skus.length]);
      } catch (error) {
        flow.error = String(error);
        continue;
      }
      await shop.placeOrder(flow);
    }
  };
  const running = Promise.all(Array.from({ length: workers }, (_, worker) => shopper(worker)));
  return {
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * The orders in the database whose shopper's order ids start `<run>-`: the order numbers per
 * order id (more than one: placed twice) and the orders per cart.
 */
export async function placedOrders(db: Db, run: string): Promise<{ byOrderId: Map<string, string[]>; perCart: Map<string, number> }> {
  const rows = await db.kysely
    .selectFrom('sales_order')
    .select(['client_order_id', 'increment_id', 'cart_id'])
    .where('client_order_id', 'like', `${run}-%`)
    .execute();
  const byOrderId = new Map<string, string[]>();
  const perCart = new Map<string, number>();
  for (const row of rows) {
    byOrderId.set(row.client_order_id, [...(byOrderId.get(row.client_order_id) ?? []), row.increment_id]);
    perCart.set(row.cart_id, (perCart.get(row.cart_id) ?? 0) + 1);
  }
  return { byOrderId, perCart };
}
