import type { Product } from '@kaloryfer/api-contract';
import type { DocumentIndex } from './document-index';

/**
 * The product index's fields that follow stock. Orders change stock rows; the catalogue copies
 * them into the product documents in place (Catalog.patchStock, a configurable parent's
 * `is_in_stock` recomputed from its children), so tiles already show the new `stock` — but
 * the term column behind the listing's `stock.is_in_stock` filter and facet was built at
 * indexing and must be rebuilt from the documents.
 */
export const STOCK_FIELDS = ['stock.is_in_stock'] as const;

/**
 * Makes the product index's stock columns follow the changed products (the indexed objects
 * themselves), in the same request: those documents are moved between the column's bitsets
 * (or, when a value is new to the column, it is rebuilt) and the cached stock filters dropped.
 * Answers how long it took (ms).
 */
export function refreshStock(index: DocumentIndex<Product> | undefined, changed?: readonly Product[]): number {
  if (!index) return 0;
  const started = performance.now();
  index.refreshFields(STOCK_FIELDS, changed);
  return performance.now() - started;
}
