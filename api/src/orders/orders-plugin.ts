import type { FastifyInstance } from 'fastify';
import type { Carts } from '../cart';
import type { Catalog } from '../catalog';
import type { Customers } from '../customers';
import type { Db } from '../db/database';
import type { Payments } from '../payments';
import { orderRoutes } from './order-routes';
import { Orders } from './orders';

interface OrderOptions {
  db: Db;
  clock: () => Date;
  /** The store the orders are numbered for (STORE_CODE). */
  storeCode: string;
  /** Told the stock rows an order changed. */
  catalog: Catalog;
  /** The cart an order is placed from. */
  carts: Carts;
  /** Who calls: a customer's order, or a guest's. */
  customers: Customers;
  /** An online payment method starts a payment. */
  payments: Payments;
  /** The A/B builds the shopper's page pinned; an order inside a test is counted. */
  experiments: FastifyInstance['experiments'];
}

/** Checkout's end (docs/orders.md): a cart becomes an order exactly once per client order id. */
export async function ordersPlugin(app: FastifyInstance, { db, clock, storeCode, catalog, carts, customers, payments, experiments }: OrderOptions) {
  const orders = new Orders(db, carts, clock, (rows) => catalog.patchStock(rows), storeCode, experiments.store);
  await app.register(orderRoutes, { orders, carts, customers, payments, experimentCookie: experiments.cookie });
}
