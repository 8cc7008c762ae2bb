/** Which products a shopper may see (spec §5). */

export interface ListingFields {
  status: number;
  visibility: number;
  stock?: { is_in_stock: boolean } | null;
}

export const LISTED_VISIBILITY = [2, 3, 4] as const;
export const LISTED_STATUS = [0, 1] as const;

/** The same rule as catalogue search filters (`_appliedFilters`): every listing, rail and suggestion asks for these. */
export const LISTED_SEARCH_FILTERS: { attribute: string; value: Record<string, unknown> }[] = [
  { attribute: 'visibility', value: { in: [...LISTED_VISIBILITY] } },
  { attribute: 'status', value: { in: [...LISTED_STATUS] } },
  { attribute: 'stock.is_in_stock', value: { eq: true } },
];

/** Listed: visibility 2, 3 or 4, status 0 or 1, and in stock unless out-of-stock listing is on. */
export function isListed(product: ListingFields, showOutOfStock: boolean): boolean {
  return (
    (LISTED_VISIBILITY as readonly number[]).includes(product.visibility) &&
    (LISTED_STATUS as readonly number[]).includes(product.status) &&
    (showOutOfStock || product.stock?.is_in_stock === true)
  );
}

/** A single product page rejects status 2 or more and visibility 1. */
export function isViewable(product: ListingFields): boolean {
  return product.status < 2 && product.visibility !== 1;
}

/** A configurable child is selectable when in stock (unless out-of-stock listing is on) and status below 2. */
export function isChildSelectable(child: { status: number; stock?: { is_in_stock: boolean } | null }, showOutOfStock: boolean): boolean {
  return child.status < 2 && (showOutOfStock || child.stock?.is_in_stock === true);
}
