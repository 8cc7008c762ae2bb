import { Type, type Static } from '@sinclair/typebox';
import { Id } from './bounded-integers';
import { answers } from './envelope';

/**
 * The signed-in customer's wishlist (spec §7 Wishlist; the "configured endpoint" is
 * `/api/wishlist`, the user token in the query): GET the items, PUT a product by parent sku,
 * DELETE one item by id or several with `{items:[ids]}`. Another customer's item id → 404.
 */

/** The most products one wishlist holds (also the most ids one DELETE names). */
export const MAX_WISHLIST_ITEMS = 200;

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true });

/** A product on the wishlist, by its parent sku (`product.sku` repeats it, as VSF reads it). */
export const WishlistItem = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  product: Type.Object({ sku: Type.String() }),
  qty: Type.Literal(1),
  added_at: Type.String(),
});
export type WishlistItem = Static<typeof WishlistItem>;

/** The items in the order they were added. */
export const Wishlist = Type.Object({
  items: Type.Array(WishlistItem),
  items_count: Type.Integer(),
});
export type Wishlist = Static<typeof Wishlist>;

export const WishlistGet = {
  summary: 'The wishlist: {items:[{id, sku, product:{sku}, qty, added_at}], items_count}',
  tags: ['wishlist'],
  querystring: TokenQuery,
  response: answers(Wishlist),
};

/** A variant's sku adds its parent; an unknown sku → 404. */
export const WishlistAdd = {
  summary: 'Add a product by its parent sku (once; true)',
  tags: ['wishlist'],
  params: Type.Object({ parentSku: Type.String({ minLength: 1, maxLength: 64 }) }),
  querystring: TokenQuery,
  response: answers(Type.Literal(true)),
};

export const WishlistRemove = {
  summary: "Remove one item (true); not the caller's → 404",
  tags: ['wishlist'],
  params: Type.Object({ itemId: Id() }),
  querystring: TokenQuery,
  response: answers(Type.Literal(true)),
};

export const WishlistRemoveMany = {
  summary: "Remove several items, all or none (true); any id not the caller's → 404",
  tags: ['wishlist'],
  querystring: TokenQuery,
  body: Type.Object({ items: Type.Array(Id(), { minItems: 1, maxItems: MAX_WISHLIST_ITEMS }) }, { additionalProperties: true }),
  response: answers(Type.Literal(true)),
};
