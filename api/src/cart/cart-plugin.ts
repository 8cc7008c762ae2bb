import type { Catalog } from '../catalog';
import type { Customers } from '../customers';
import type { Db } from '../db/database';
import { IdempotencyRecords } from '../http/idempotency';
import { unencapsulated } from '../http/unencapsulated';
import { cartRoutes } from './cart-routes';
import { Carts, type IssuedCoupons } from './carts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server carts; an order is placed from one. */
    carts: Carts;
  }
}

interface CartOptions {
  db: Db;
  clock: () => Date;
  /** Prices every line. */
  catalog: Catalog;
  /** Who calls: a customer's cart, or a guest's. */
  customers: Customers;
  /** The newsletter's coupon codes a cart may carry. */
  coupons: IssuedCoupons;
}

/** The cart (docs/cart.md): `app.carts` and the VSF cart calls. */
export const cartPlugin = unencapsulated<CartOptions>(async function cartPlugin(app, { db, clock, catalog, customers, coupons }) {
  const carts = new Carts(db, catalog, clock, coupons);
  app.decorate('carts', carts);
  await app.register(cartRoutes, { carts, customers, idempotency: new IdempotencyRecords(db, clock) });
});
