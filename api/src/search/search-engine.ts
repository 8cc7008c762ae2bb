import type { Attribute, Category, CmsBlock, CmsPage, Product, TaxRule } from '@kaloryfer/domain';
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
}
