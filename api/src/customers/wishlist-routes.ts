import { WishlistAdd, WishlistGet, WishlistRemove, WishlistRemoveMany } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerToken } from '../auth/caller-token';
import type { Customers } from './customers';
import type { Wishlists } from './wishlist';
import { sendResult } from '../http/envelope';

export const WISHLIST_ENDPOINT = '/api/wishlist';

/**
 * The signed-in customer's wishlist (spec §7 Wishlist, the "configured endpoint" is
 * `/api/wishlist`; token in the query): GET the items, PUT a product by parent sku, DELETE one
 * item by id or several with `{items:[ids]}`. Another customer's item id → 404. Schemas:
 * shared/api-contract/src/wishlist.ts.
 */
export async function wishlistRoutes(app: FastifyInstance, { customers, wishlists }: { customers: Customers; wishlists: Wishlists }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const customerId = async (request: FastifyRequest) => (await customers.authenticate(callerToken(request))).customerId;

  routes.get(WISHLIST_ENDPOINT, { schema: WishlistGet }, async (request, reply) => sendResult(reply, await wishlists.list(await customerId(request))));

  routes.put(`${WISHLIST_ENDPOINT}/:parentSku`, { schema: WishlistAdd }, async (request, reply) =>
    sendResult(reply, await wishlists.add(await customerId(request), request.params.parentSku)),
  );

  routes.delete(`${WISHLIST_ENDPOINT}/:itemId`, { schema: WishlistRemove }, async (request, reply) =>
    sendResult(reply, await wishlists.remove(await customerId(request), [request.params.itemId])),
  );

  routes.delete(WISHLIST_ENDPOINT, { schema: WishlistRemoveMany }, async (request, reply) =>
    sendResult(reply, await wishlists.remove(await customerId(request), request.body.items)),
  );
}
