import type { Attribute, Category, CmsBlock, CmsPage, Product, TaxRule } from '@kaloryfer/api-contract';
import type { SearchRequest, SearchResponse } from './search-request';

/**
 * The catalogue search behind one interface (architecture: embedded by default,
 * PostgreSQL full-text or OpenSearch where a shop outgrows one machine). An engine is given
 * every collection, already priced for `today`, and answers parsed requests.
 */
export interface CatalogCollections {
  product: Product[];
  category: Category[];
  attribute: Attribute[];
  taxrule: TaxRule[];
  cms_page: CmsPage[];
  cms_block: CmsBlock[];
}

export interface IndexContext {
  /** YYYY-MM-DD: what counts as new and which promotions run. */
  today: string;
}

export interface SearchEngine {
  readonly name: string;
  index(collections: CatalogCollections, context: IndexContext): Promise<void>;
  search(request: SearchRequest): Promise<SearchResponse>;
  /**
   * These indexed products' `stock` objects were changed in place (an order, a restock; none
   * given: any product): the engine makes its stock filters and facets follow before the next
   * search.
   */
  stockChanged?(products?: readonly Product[]): void;
}
