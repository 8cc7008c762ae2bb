import type { ProductTile } from '@kaloryfer/api-contract';

/**
 * The catalogue fields a card needs: what a search for cards asks for (`_sourceInclude`). Each
 * is one of the API's tile fields (the contract's ProductTile), so product-view's related
 * products carry them too.
 */
export const CARD_FIELDS = ['id', 'sku', 'name', 'slug', 'type_id', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'lowest_price_30d'] as const;

/** What a product card shows: the contract's tile with the fields a card search asks for (each as required as the API sends it). */
export type CardProduct = Pick<ProductTile, (typeof CARD_FIELDS)[number]>;
