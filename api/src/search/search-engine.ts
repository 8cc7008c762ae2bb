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

/** What an engine keeps of its index in a catalogue snapshot (catalog/snapshot): only the engine that took it reads it. */
export interface EngineSnapshot {
  engine: string;
  state: unknown;
}

export interface SearchEngine {
  readonly name: string;
  /** Indexes the collections — from a snapshot of an index of these same collections when one is given (and is the engine's own). */
  index(collections: CatalogCollections, context: IndexContext, from?: EngineSnapshot): Promise<void>;
  /** The index as it stands, for a catalogue snapshot; an engine without one keeps nothing (its index is rebuilt at start). */
  snapshot?(): EngineSnapshot;
  search(request: SearchRequest): Promise<SearchResponse>;
  /**
   * These indexed products' `stock` objects were changed in place (an order, a restock; none
   * given: any product): the engine makes its stock filters and facets follow before the next
   * search.
   */
  stockChanged?(products?: readonly Product[]): void;
  /**
   * These products were reloaded (a catalogue change: an import, an edit) and replace the indexed
   * documents of the same id; `removed` ids are gone. The engine follows in work proportional to
   * them, and before the next search (the memory engine: synchronously). An engine without it
   * is given the whole catalogue again (`index`).
   * TODO(OpenSearch engine): a `_bulk` index of `changed` and delete of `removed` — there is no
   * such engine yet (search/elasticsearch/ translates Elasticsearch-shaped requests only).
   * `pricesOnly`: the products differ from the indexed ones only in their prices (and
   * `updated_at`) — an engine may then update just the fields computed from those.
   */
  productsChanged?(changed: readonly Product[], removed?: readonly number[], change?: { pricesOnly?: boolean }): void | Promise<void>;
}
