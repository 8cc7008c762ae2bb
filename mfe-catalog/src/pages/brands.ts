import { linkTo } from '@kaloryfer/contracts';
import { shownAttributes } from '../api/attributes';
import { search, type SearchBody } from '../api/catalog-api';
import { LISTED_FILTERS } from '../listing/listing-request';
import { listingQueryString, NO_FILTERS } from '../listing/route-filters';

/** A manufacturer the shop sells, with how many listed products it has. */
export interface Brand {
  id: number;
  label: string;
  count: number;
}

/**
 * How many listed products each manufacturer has, in one catalogue search: one hit (the API
 * answers at least one), the `manufacturer` facet, and the filters every listing applies
 * (visible, enabled, in stock), so a brand's count is the total its listing shows.
 */
export const BRAND_COUNTS_REQUEST: SearchBody = {
  query: { _appliedFilters: LISTED_FILTERS, _availableFilters: [{ field: 'manufacturer', options: { size: 200 } }] },
  size: 1,
  _sourceInclude: ['id'],
};

const polish = new Intl.Collator('pl');

/**
 * The brands page's data: the manufacturer options (the attribute metadata listings use, cached
 * per page load in the browser) joined with their counts; brands without a listed product left
 * out, sorted by name in Polish order. Sorted here, in the loader, so the browser hydrates the
 * server's order instead of collating again with its own ICU.
 */
export async function brandsWithCounts(signal?: AbortSignal): Promise<Brand[]> {
  const [attributes, answer] = await Promise.all([shownAttributes(), search<unknown>('product', BRAND_COUNTS_REQUEST, signal)]);
  const counts = new Map((answer.aggregations.agg_terms_manufacturer?.buckets ?? []).map((bucket) => [String(bucket.key), bucket.doc_count]));
  const options = attributes.find((attribute) => attribute.attribute_code === 'manufacturer')?.options ?? [];
  return options
    .map((option) => ({ id: Number(option.value), label: option.label, count: counts.get(String(option.value)) ?? 0 }))
    .filter((brand) => brand.count > 0 && Number.isInteger(brand.id))
    .sort((a, b) => polish.compare(a.label, b.label) || a.id - b.id);
}

/**
 * A brand's products: the listing of every product (/categories with a filter and no search
 * text) filtered by the manufacturer, the same URL its filter panel writes.
 */
export function brandHref(id: number): string {
  return `${linkTo({ name: 'categories' })}${listingQueryString({ ...NO_FILTERS, attributes: { manufacturer: [id] } })}`;
}
