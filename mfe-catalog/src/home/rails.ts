import type { SearchBody } from '../api/catalog-api';
import { TILE_FIELDS } from '@kaloryfer/domain';
import { LISTED_FILTERS } from '../listing/listing-request';

/** Spec §9: 8 products per home list. */
export const RAIL_SIZE = 8;

/**
 * The home page's three lists (spec §2): new products (novelty date still ahead, in stock,
 * visible, enabled, with a picture; newest first), bestsellers, exclusive collections.
 */
export const RAILS = {
  new: [
    { attribute: 'new', value: { eq: true } },
    { attribute: 'image', value: { exists: true } },
  ],
  bestsellers: [{ attribute: 'bestseller', value: { eq: 1 } }],
  exclusive: [{ attribute: 'flag', value: { eq: 1 } }],
} as const;
export type RailName = keyof typeof RAILS;

export function railRequest(name: RailName): SearchBody {
  return {
    query: { _appliedFilters: [...LISTED_FILTERS, ...RAILS[name]] },
    size: RAIL_SIZE,
    sort: name === 'new' ? 'id:desc' : 'view_count:desc',
    _sourceInclude: TILE_FIELDS,
  };
}
