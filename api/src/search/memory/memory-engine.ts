import type { CmsBlock, CmsHierarchyNode, CmsPage, Product } from '@kaloryfer/api-contract';
import { cmsHierarchy } from '../cms-hierarchy';
import { project } from '../project';
import type { CatalogCollections, EngineSnapshot, IndexContext, SearchEngine } from '../search-engine';
import type { EntityType, SearchRequest, SearchResponse } from '../search-request';
import { lookupIndexOptions, PRICE_FIELDS, productIndexOptions } from './collection-fields';
import { DocumentIndex, type DocumentIndexSnapshot } from './document-index';
import { refreshStock } from './stock-refresh';

/**
 * The embedded engine: in-process column/bitset indexes derived from the database at start,
 * rebuilt when the catalogue is reloaded (an index swap: searches never see half an index) and
 * updated in place, synchronously, when some products change (`productsChanged`).
 */
export class MemorySearchEngine implements SearchEngine {
  readonly name = 'memory';
  private indexes: Partial<Record<EntityType, DocumentIndex<unknown>>> = {};
  private today = '';
  /** Product id → ordinal in the product index. */
  private productOrdinals = new Map<number, number>();
  /** What the engine did, for tests and benchmarks: whole builds, in-place updates, products rebuilt for an added or removed one. */
  readonly counts = { indexed: 0, updated: 0, productIndexRebuilt: 0 };

  async index(collections: CatalogCollections, { today }: IndexContext, from?: EngineSnapshot): Promise<void> {
    this.counts.indexed += 1;
    // The product index is the one that takes seconds at 100,000 products: the only one a snapshot keeps.
    const products = from?.engine === this.name ? ((from.state as DocumentIndexSnapshot | null) ?? undefined) : undefined;
    const text =
      <D>(...fields: (keyof D)[]) =>
      (doc: D) =>
        fields.map((field) => ({ boost: 1, text: String(doc[field] ?? '') }));
    const next: Partial<Record<EntityType, DocumentIndex<unknown>>> = {
      product: new DocumentIndex<Product>(collections.product, productIndexOptions(today), products) as DocumentIndex<unknown>,
      category: new DocumentIndex(
        collections.category,
        lookupIndexOptions(
          {
            id: (c) => c.id,
            parent_id: (c) => c.parent_id,
            slug: (c) => c.slug,
            url_key: (c) => c.url_key,
            url_path: (c) => c.url_path,
            level: (c) => c.level,
            position: (c) => c.position,
            is_active: (c) => c.is_active,
          },
          (c) => [{ boost: 1, text: c.name }],
          [{ field: 'position', order: 'asc' }],
        ),
      ) as DocumentIndex<unknown>,
      attribute: new DocumentIndex(
        collections.attribute,
        lookupIndexOptions(
          {
            attribute_id: (a) => a.attribute_id,
            attribute_code: (a) => a.attribute_code,
            is_comparable: (a) => a.is_comparable,
            is_filterable: (a) => a.is_filterable,
            position: (a) => a.position,
          },
          (a) => [{ boost: 1, text: a.frontend_label }],
          [{ field: 'position', order: 'asc' }],
        ),
      ) as DocumentIndex<unknown>,
      taxrule: new DocumentIndex(
        collections.taxrule,
        lookupIndexOptions({ id: (t) => t.id }, () => [], [{ field: 'id', order: 'asc' }]),
      ) as DocumentIndex<unknown>,
      cms_page: new DocumentIndex(
        collections.cms_page,
        lookupIndexOptions(
          {
            id: (p) => p.id,
            identifier: (p) => p.identifier,
            parent_identifier: (p) => p.parent_identifier,
            position: (p) => p.position,
            active: (p) => p.active,
          },
          text<CmsPage>('title', 'content'),
          [{ field: 'position', order: 'asc' }],
        ),
      ) as DocumentIndex<unknown>,
      cms_block: new DocumentIndex(
        collections.cms_block,
        lookupIndexOptions(
          {
            id: (b) => b.id,
            identifier: (b) => b.identifier,
            active: (b) => b.active,
          },
          text<CmsBlock>('title', 'content'),
          [{ field: 'id', order: 'asc' }],
        ),
      ) as DocumentIndex<unknown>,
      cms_hierarchy: new DocumentIndex(
        cmsHierarchy(collections.cms_page),
        lookupIndexOptions<CmsHierarchyNode>(
          {
            node_id: (n) => n.node_id,
            page_id: (n) => n.page_id,
            identifier: (n) => n.identifier,
            parent_node_id: (n) => n.parent_node_id,
            parent_identifier: (n) => n.parent_identifier,
            level: (n) => n.level,
            position: (n) => n.position,
          },
          text<CmsHierarchyNode>('label'),
          [
            { field: 'level', order: 'asc' },
            { field: 'position', order: 'asc' },
          ],
        ),
      ) as DocumentIndex<unknown>,
    };
    this.indexes = next;
    this.today = today;
    this.productOrdinals = new Map(collections.product.map((product, ordinal) => [product.id, ordinal]));
  }

  /** The product index's columns and text, for a catalogue snapshot (serialized in the same step: they share the index's arrays). */
  snapshot(): EngineSnapshot {
    const product = this.indexes.product as DocumentIndex<Product> | undefined;
    return { engine: this.name, state: product?.snapshot() ?? null };
  }

  /**
   * Products changed (a catalogue change reloaded them): each one's columns and text are replaced
   * in place (DocumentIndex.replace), in work proportional to them. A product added or removed
   * changes the ordinals: the product index is then built anew from its documents (rare: an
   * import changes existing products), in id order as the catalogue loads them.
   */
  productsChanged(changed: readonly Product[], removed: readonly number[] = [], change: { pricesOnly?: boolean } = {}): void {
    const index = this.indexes.product as DocumentIndex<Product> | undefined;
    if (!index) return;
    const known = changed.every((product) => this.productOrdinals.has(product.id));
    if (known && !removed.some((id) => this.productOrdinals.has(id))) {
      // A price change: only the columns computed from prices are compared (no text, no derived heat outputs).
      const only = change.pricesOnly ? PRICE_FIELDS : undefined;
      index.replace(
        changed.map((doc) => ({ ordinal: this.productOrdinals.get(doc.id)!, doc })),
        only,
      );
      this.counts.updated += 1;
      return;
    }
    const byId = new Map(index.docs.map((doc) => [doc.id, doc]));
    for (const id of removed) byId.delete(id);
    for (const product of changed) byId.set(product.id, product);
    const docs = [...byId.values()].sort((a, b) => a.id - b.id);
    this.indexes.product = new DocumentIndex<Product>(docs, productIndexOptions(this.today)) as DocumentIndex<unknown>;
    this.productOrdinals = new Map(docs.map((product, ordinal) => [product.id, ordinal]));
    this.counts.productIndexRebuilt += 1;
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    const index = this.indexes[request.type];
    if (!index) return { items: [], total: 0, start: request.from, perPage: request.size, aggregations: {} };
    const result = index.search(request);
    const items = result.docs.map((doc, position) => {
      const item = project(doc as Record<string, unknown>, request.include, request.exclude);
      return result.scores ? { ...item, _score: result.scores[position] } : item;
    });
    return { items, total: result.total, start: request.from, perPage: request.size, aggregations: result.aggregations };
  }

  /** Stock moved in the product documents: the stock filter column follows (stock-refresh.ts). */
  stockChanged(products?: readonly Product[]): void {
    this.lastStockRefreshMs = refreshStock(this.indexes.product as DocumentIndex<Product> | undefined, products);
  }

  /** How long the last stock refresh took (ms), for benchmarks. */
  lastStockRefreshMs = 0;

  /** Sizes for logs and benchmarks. */
  stats(): Record<string, number> {
    const product = this.indexes.product;
    return { products: product?.size ?? 0, vocabulary: product?.vocabularySize ?? 0 };
  }
}
