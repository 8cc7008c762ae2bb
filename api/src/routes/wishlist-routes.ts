import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { installAccountRouteSupport, tokenOf } from '../auth/request-token';
import type { Customers } from '../customers/customers';
import { MAX_WISHLIST_ITEMS, type Wishlists } from '../customers/wishlist';
import { sendResult } from '../http/envelope';

export const WISHLIST_ENDPOINT = '/api/wishlist';

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true });
const ItemId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const DeleteBody = Type.Object({ items: Type.Array(ItemId, { minItems: 1, maxItems: MAX_WISHLIST_ITEMS }) }, { additionalProperties: true });

/**
 * The signed-in customer's wishlist (spec §7 Wishlist, the "configured endpoint" is
 * `/api/wishlist`; token in the query): GET the items, PUT a product by parent sku, DELETE one
 * item by id or several with `{items:[ids]}`. Another customer's item id → 404.
 */
export async function wishlistRoutes(app: FastifyInstance, { customers, wishlists }: { customers: Customers; wishlists: Wishlists }) {
  installAccountRouteSupport(app);
  const customerId = async (request: Parameters<typeof tokenOf>[0]) => (await customers.authenticate(tokenOf(request))).customerId;

  app.get<{ Querystring: Static<typeof TokenQuery> }>(WISHLIST_ENDPOINT, {
    schema: { summary: 'The wishlist: {items:[{id, sku, product:{sku}, qty, added_at}], items_count}', tags: ['wishlist'], querystring: TokenQuery },
  }, async (request, reply) => sendResult(reply, await wishlists.list(await customerId(request))));

  app.put<{ Params: { parentSku: string }; Querystring: Static<typeof TokenQuery> }>(`${WISHLIST_ENDPOINT}/:parentSku`, {
    schema: {
      summary: 'Add a product by its parent sku (once; true)', tags: ['wishlist'], querystring: TokenQuery,
      params: Type.Object({ parentSku: Type.String({ minLength: 1, maxLength: 64 }) }),
    },
  }, async (request, reply) => sendResult(reply, await wishlists.add(await customerId(request), request.params.parentSku)));

  app.delete<{ Params: { itemId: number }; Querystring: Static<typeof TokenQuery> }>(`${WISHLIST_ENDPOINT}/:itemId`, {
    schema: { summary: 'Remove one item (true); not the caller\'s → 404', tags: ['wishlist'], querystring: TokenQuery, params: Type.Object({ itemId: ItemId }) },
  }, async (request, reply) => sendResult(reply, await wishlists.remove(await customerId(request), [request.params.itemId])));

  app.delete<{ Body: Static<typeof DeleteBody>; Querystring: Static<typeof TokenQuery> }>(WISHLIST_ENDPOINT, {
    schema: { summary: 'Remove several items, all or none (true); any id not the caller\'s → 404', tags: ['wishlist'], querystring: TokenQuery, body: DeleteBody },
  }, async (request, reply) => sendResult(reply, await wishlists.remove(await customerId(request), request.body.items)));
}
