import { isViewable } from '@kaloryfer/domain';
import type { Product } from '@kaloryfer/api-contract';
import { project } from '../search';
import { SearchQueryError } from '../search';
import type { Filter, SearchRequest, SearchResponse } from '../search';
import type { Reviews } from './reviews';

/**
 * The `review` search type (VSF 1.12's review module: `product_id` eq the product,
 * `review_status` eq 1 = approved), answered from the reviews table: the approved reviews of
 * one viewable product, newest first, as /api/review/list serves them. Other filters and sorts
 * are refused: pending and rejected reviews are never public.
 */
export const APPROVED = 1;

const fail = (message: string): never => {
  throw new SearchQueryError(message);
};

function values(filter: Filter, name: string): Array<string | number | boolean> {
  if (filter.op !== 'in') return fail(`review search: ${name} takes one value (eq / in / term)`);
  return filter.values;
}

export async function searchReviews(request: SearchRequest, reviews: Reviews, productById: (id: number) => Product | undefined): Promise<SearchResponse> {
  let productId: number | null = null;
  let approvedOnly = true;
  for (const filter of request.filters) {
    if (filter.field === 'product_id') {
      const ids = values(filter, 'product_id');
      if (ids.length !== 1 || !Number.isInteger(Number(ids[0]))) fail('review search: product_id takes one product id');
      productId = Number(ids[0]);
    } else if (filter.field === 'review_status') {
      approvedOnly = values(filter, 'review_status').some((status) => Number(status) === APPROVED);
    } else {
      fail(`review search filters by product_id and review_status only, got ${filter.field}`);
    }
  }
  if (productId === null) fail('review search needs a product_id filter');
  if (request.text) fail('review search has no full-text search');
  if (request.facets.length > 0) fail('review search has no aggregations');
  if (request.sort.some((sort) => !(sort.field === 'created_at' && sort.order === 'desc'))) fail('review search sorts newest first only (created_at:desc)');
  const empty: SearchResponse = { items: [], total: 0, start: request.from, perPage: request.size, aggregations: {} };
  const product = productById(productId!);
  // Unknown or hidden products and non-approved statuses have no public reviews.
  if (!product || !isViewable(product) || !approvedOnly) return empty;
  const [summary, rows] = await Promise.all([reviews.summary(product.id), reviews.list(product.id, request.from, request.size)]);
  const items = rows.map(
    (row) =>
      project({ ...row, product_id: product.id, review_status: APPROVED, review_entity: 'product' }, request.include, request.exclude) as Record<
        string,
        unknown
      >,
  );
  return { items, total: summary.count, start: request.from, perPage: request.size, aggregations: {} };
}
