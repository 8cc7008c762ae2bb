import type { ShownPrices } from '@kaloryfer/domain';

/** What a product card shows: the catalogue's fields of a listed product. */
export interface CardProduct extends ShownPrices {
  id: number | string;
  sku: string;
  name: string;
  slug: string;
  type_id: string;
  image?: string;
  lowest_price_30d?: number | null;
}

/** The catalogue fields a card needs: what a search for cards asks for (`_sourceInclude`). */
export const CARD_FIELDS = [
  'id', 'sku', 'name', 'slug', 'type_id', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'lowest_price_30d',
] as const;
