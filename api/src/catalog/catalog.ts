import type { AdviceArticle, Attribute, Category, CmsPage, ConfigurableChild, PricePoint, Product } from '@kaloryfer/api-contract';
import { momentOf } from '@kaloryfer/domain';
import { currentWatermark, type Watermark } from '../db/change-log';
import type { Db } from '../db/database';
import type { StockItemTable } from '../db/schema';
import type { EngineSnapshot, SearchEngine } from '../search';
import { boundLargeHeapGrowth, collectSoon, compactLargeHeap } from './compact-heap';
import { loadCatalogData, loadPrices, loadProducts, parentSkusOf, PRICE_DOC_KEYS, type CatalogData } from './catalog-data';
import { PriceHistory, type PriceHistorySnapshot } from './price-history';
import { ProductLinks } from './product-links';
import { SourcePrices, type SourcePricesSnapshot } from './source-prices';
import { priceProducts } from './pricing';
import { stockInfoOf } from './stock-row';
import { taxSettingsFrom } from './tax-settings';

/**
 * The catalogue as the API serves it: loaded from the database (the source of truth), priced
 * for today, handed to the search engine, and looked up by SKU, id and URL. Only the priced
 * products are held: a product's source document is rebuilt from its priced copy when it must
 * be priced again (source-prices.ts). `refresh()` reloads
 * and re-indexes everything; `restore()` takes what a snapshot kept instead (snapshot/); `reloadProducts()` just some products (catalog-sync.ts applies the
 * change log with it); a new day re-prices on the next request. The catalogue knows how current
 * it is: `watermark`, the change log's position its contents include.
 */
export interface SkuEntry {
  product: Product;
  child: ConfigurableChild | null;
}

/** What this catalogue did, for tests, logs and benchmarks. */
export interface CatalogStats {
  /** Whole loads (start, a non-product table changed, a gap in the change log). */
  fullReloads: number;
  /** Incremental updates applied, and the products they reloaded (with bundles and sets priced from them). */
  incrementalUpdates: number;
  productsReloaded: number;
  /** Of the incremental updates, those that changed prices only (`reloadPrices`). */
  priceUpdates: number;
}

/**
 * The catalogue as a snapshot keeps it (snapshot/snapshot-file.ts): everything a full load
 * and pricing gave, and the search index, at a watermark. Taken in one synchronous step; the
 * arrays are shared with the catalogue, so they are serialized in that step too — but the
 * products, which are replaced (never changed, but for their stock) when the catalogue changes.
 */
export interface CatalogState {
  watermark: Watermark;
  /** The day the products are priced for. */
  pricedDay: string;
  held: Omit<HeldData, 'history'>;
  history: PriceHistorySnapshot;
  sourcePrices: SourcePricesSnapshot;
  index: EngineSnapshot | null;
  /** Priced, in id order. */
  products: Product[];
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** What a full load gives, less the product documents: the catalogue keeps those only priced (source-prices.ts). */
type HeldData = Omit<CatalogData, 'products'>;

export class Catalog {
  private data!: HeldData;
  private priced: Product[] = [];
  /** The price keys pricing overwrote, per SKU: a product's source is its priced copy with these put back. */
  private sourcePrices = new SourcePrices();
  private bySku = new Map<string, SkuEntry>();
  private byId = new Map<number, Product>();
  private byUrl = new Map<string, Product>();
  /** Product id → its index in `priced` (in id order). */
  private position = new Map<number, number>();
  private links = new ProductLinks();
  private pricedDay = '';
  private reindexing: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The change log's position (db/change-log.ts) this catalogue includes; null before the first load. */
  watermark: Watermark | null = null;
  /**
   * The change log's seq at the catalogue's latest change of products, prices or tables — not
   * stock (CatalogSync sets it after such a change): a snapshot taken at or past it holds these
   * products (snapshot/catalog-snapshots.ts).
   */
  contentSeq = 0;
  readonly stats: CatalogStats = { fullReloads: 0, incrementalUpdates: 0, productsReloaded: 0, priceUpdates: 0 };

  constructor(
    private readonly db: Db,
    readonly engine: SearchEngine,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Loads everything from the database and indexes it anew (after whatever change). */
  refresh(): Promise<void> {
    return this.serially(() => this.load());
  }

  /**
   * Runs `update` after the catalogue updates before it (reloads, incremental updates, a new
   * day's prices) have finished: they never interleave. `load` and `reloadProducts` run inside.
   */
  serially<T>(update: () => Promise<T>): Promise<T> {
    const run = this.queue.then(update, update);
    this.queue = run.catch(() => {});
    return run;
  }

  /** The full reload (inside `serially`). The watermark is read first: a change during the load is applied again after it. */
  async load(): Promise<void> {
    const watermark = await currentWatermark(this.db);
    const { products, ...rest } = await loadCatalogData(this.db);
    this.data = rest;
    await this.reprice(products);
    this.watermark = watermark;
    this.contentSeq = watermark.seq;
    this.stats.fullReloads += 1;
    compactLargeHeap(); // the load's garbage left the old space fragmented (compact-heap.ts)
  }

  /** The catalogue as it stands, for a snapshot (null before the first load); see CatalogState. */
  state(): CatalogState | null {
    if (!this.watermark) return null;
    const { history, ...held } = this.data;
    return {
      watermark: this.watermark,
      pricedDay: this.pricedDay,
      held,
      history: history.snapshot(),
      sourcePrices: this.sourcePrices.snapshot(),
      index: this.engine.snapshot?.() ?? null,
      products: this.priced,
    };
  }

  /**
   * The catalogue a snapshot kept, in place of a full load (inside `serially`): its products as
   * priced then, its lookups rebuilt, its search index restored (or built, for an engine that
   * keeps none). The snapshot's watermark is this catalogue's: the change log after it is applied
   * next (catalog-sync.ts), as after any load. The stock column is rebuilt from the documents: a
   * snapshot written while orders came in may hold a document's stock newer than its column's.
   */
  async restore(state: CatalogState): Promise<void> {
    this.data = { ...state.held, history: PriceHistory.restore(state.history) };
    const lookups: Lookups = { bySku: new Map(), byId: new Map(), byUrl: new Map() };
    for (const product of state.products) register(product, lookups);
    await this.indexAll(state.pricedDay, state.products, state.index ?? undefined);
    this.engine.stockChanged?.();
    this.priced = state.products;
    this.sourcePrices = SourcePrices.restore(state.sourcePrices);
    this.bySku = lookups.bySku;
    this.byId = lookups.byId;
    this.byUrl = lookups.byUrl;
    this.position = new Map(state.products.map((product, index) => [product.id, index]));
    this.links = new ProductLinks(state.products);
    this.pricedDay = state.pricedDay;
    this.watermark = state.watermark;
    this.contentSeq = state.watermark.seq;
    this.stats.fullReloads += 1;
    // No compaction (the snapshot's repeated strings died young: snapshot-file.ts); a full
    // collection beside the event loop returns the file's buffers (~250 MB at 100,000 products).
    if (boundLargeHeapGrowth()) collectSoon();
  }

  /** Prices every product anew: the documents just loaded, or (a new day) the sources of the products held. */
  private async reprice(sources: Product[] = this.priced.map((product) => this.sourcePrices.sourceOf(product))): Promise<void> {
    const now = this.clock();
    const today = dayOf(now);
    const priced =
      this.data.taxRules.length > 0 ? priceProducts(sources, { tax: taxSettingsFrom(this.data.taxRules), at: now, history: this.data.history }) : [];
    const sourcePrices = new SourcePrices();
    for (const source of sources) sourcePrices.remember(source);
    const lookups: Lookups = { bySku: new Map(), byId: new Map(), byUrl: new Map() };
    for (const product of priced) register(product, lookups);
    await this.indexAll(today, priced);
    this.priced = priced;
    this.sourcePrices = sourcePrices;
    this.bySku = lookups.bySku;
    this.byId = lookups.byId;
    this.byUrl = lookups.byUrl;
    this.position = new Map(priced.map((product, index) => [product.id, index]));
    this.links = new ProductLinks(priced);
    this.pricedDay = today;
  }

  /**
   * Reloads the products of these SKUs from the database (inside `serially`): a variant's
   * configurable parent, and the bundles and grouped sets priced from them, are reloaded or
   * re-priced with them; a product whose row is gone leaves the catalogue, a new one joins it.
   * Each is priced (pricing.ts, with its price history) as a full reload would price it, put in
   * the lookups and handed to the search engine (`productsChanged`) in one synchronous step, in
   * work proportional to them. Answers how many products changed.
   */
  async reloadProducts(skus: Iterable<string>): Promise<number> {
    const wanted = new Set(skus);
    const ids = new Set<number>();
    const unknown: string[] = [];
    for (const sku of wanted) {
      const entry = this.bySku.get(sku);
      if (entry) ids.add(entry.product.id);
      else unknown.push(sku);
    }
    for (const parent of unknown.length > 0 ? await parentSkusOf(this.db, unknown) : []) wanted.add(parent);
    // The old SKUs too: their price history is read again (a timeline whose rows are gone is forgotten).
    for (const id of ids) for (const sku of skusOf(this.heldProduct(id)!)) wanted.add(sku);
    const loaded = await loadProducts(this.db, [...wanted], [...ids]);
    const fresh = new Map(loaded.products.map((product) => [product.id, product]));
    const removed = [...ids].filter((id) => !fresh.has(id));
    return this.applyLoaded(fresh, removed, loaded, false);
  }

  /**
   * Only the prices of these SKUs' products changed (the change log's kind 'price': a document
   * whose price keys alone moved, or a new price history point): their price keys and price
   * history are read again — not their documents — and patched into their sources (rebuilt from
   * the priced products held), which are priced, with the sets priced from them, and handed to the search engine as a
   * price change (only its price columns are compared). A configurable's variants' prices live
   * in its document (an import declares such a change a price change: 0027-declared-change-kind):
   * its document is read whole, and handed over as a price change too. The result is what
   * `reloadProducts` would give, for a fraction of the work. A SKU this catalogue does not know
   * goes through `reloadProducts`. Inside `serially`; answers how many products changed.
   */
  async reloadPrices(skus: Iterable<string>): Promise<number> {
    const ids = new Set<number>();
    const unknown: string[] = [];
    for (const sku of new Set(skus)) {
      const entry = this.bySku.get(sku);
      if (entry) ids.add(entry.product.id);
      else unknown.push(sku);
    }
    let changed = unknown.length > 0 ? await this.reloadProducts(unknown) : 0;
    if (ids.size === 0) return changed;
    const withVariants = [...ids].filter((id) => (this.heldProduct(id)!.configurable_children?.length ?? 0) > 0);
    const whole = new Set(withVariants);
    const ownKeys = [...ids].filter((id) => !whole.has(id));
    const skusOfThem = ownKeys.flatMap((id) => skusOf(this.heldProduct(id)!));
    const [own, documents] = await Promise.all([
      loadPrices(this.db, ownKeys, skusOfThem),
      withVariants.length > 0 ? loadProducts(this.db, [], withVariants) : null,
    ]);
    const fresh = new Map<number, Product>();
    const gone: string[] = [];
    for (const product of documents?.products ?? []) fresh.set(product.id, product);
    for (const id of withVariants) if (!fresh.has(id)) gone.push(this.heldProduct(id)!.sku);
    const loaded = documents ? { history: new Map([...own.history, ...documents.history]), skus: new Set([...own.skus, ...documents.skus]) } : own;
    for (const id of ownKeys) {
      const prices = own.prices.get(id);
      if (!prices) {
        gone.push(this.heldProduct(id)!.sku); // its row went meanwhile: the product path says so
        continue;
      }
      const patched: Record<string, unknown> = this.sourceOf(id)! as unknown as Record<string, unknown>; // a copy already
      for (const key of PRICE_DOC_KEYS) {
        if (key in prices) patched[key] = prices[key];
        else delete patched[key];
      }
      fresh.set(id, patched as unknown as Product);
    }
    if (fresh.size > 0) changed += await this.applyLoaded(fresh, [], loaded, true);
    if (gone.length > 0) changed += await this.reloadProducts(gone);
    return changed;
  }

  /**
   * Loaded products (and the ids whose rows are gone) put in: their price history kept, each
   * priced with the bundles and grouped sets priced from it, swapped into the lists and lookups
   * and handed to the search engine in one synchronous step. `pricesOnly`: the products differ
   * from the ones held in their price keys alone (their SKUs, URLs and parts are the same).
   */
  private async applyLoaded(
    fresh: Map<number, Product>,
    removed: number[],
    loaded: { history: Map<string, PricePoint[]>; skus: Set<string> },
    pricesOnly: boolean,
  ): Promise<number> {
    const now = this.clock();
    for (const sku of loaded.skus) {
      const timeline = loaded.history.get(sku);
      if (timeline) this.data.history.set(sku, timeline);
      else this.data.history.delete(sku);
    }
    const products = [...fresh.values()];
    // Bundles and grouped sets are priced from their parts: re-priced when a part changed.
    const touched = new Set([...products, ...removed.map((id) => this.heldProduct(id)!)].flatMap(skusOf));
    const dependents = [...this.links.containing(touched)].filter((id) => !fresh.has(id) && !removed.includes(id));
    const sources = new Map(fresh);
    for (const id of dependents) sources.set(id, this.sourceOf(id)!);
    // Their parts are priced with them (not changed): reloaded, or as held.
    const freshBySku = new Map(products.flatMap((product) => skusOf(product).map((sku) => [sku, product] as const)));
    const input = new Map(sources);
    for (const product of sources.values()) {
      for (const part of ProductLinks.partsOf(product)) {
        const held = this.bySku.get(part)?.product.id;
        const owner = freshBySku.get(part) ?? (held === undefined ? undefined : (fresh.get(held) ?? this.sourceOf(held)));
        if (owner && !input.has(owner.id)) input.set(owner.id, owner);
      }
    }
    const priced = new Map(
      (this.data.taxRules.length > 0
        ? priceProducts([...input.values()], { tax: taxSettingsFrom(this.data.taxRules), at: now, history: this.data.history })
        : []
      )
        .filter((product) => sources.has(product.id))
        .map((product) => [product.id, product]),
    );
    this.swapIn(fresh, priced, removed, pricesOnly);
    const changed = [...priced.values()];
    if (this.engine.productsChanged) await this.engine.productsChanged(changed, removed, { pricesOnly });
    else await this.indexAll(dayOf(now));
    this.stats.incrementalUpdates += 1;
    if (pricesOnly) this.stats.priceUpdates += 1;
    this.stats.productsReloaded += changed.length + removed.length;
    // Prices are for one day: past midnight everything is priced again (as ensureCurrent would).
    if (dayOf(now) !== this.pricedDay) await this.reprice();
    return changed.length + removed.length;
  }

  private indexAll(today: string, products: Product[] = this.priced, from?: EngineSnapshot): Promise<void> {
    return this.engine.index(
      {
        product: products,
        category: this.data.categories,
        attribute: this.data.attributes,
        taxrule: this.data.taxRules,
        cms_page: this.data.cmsPages,
        cms_block: this.data.cmsBlocks,
      },
      { today },
      from,
    );
  }

  /** A product as held (priced) by id: its SKUs, URLs and parts are its document's. */
  private heldProduct(id: number): Product | undefined {
    const at = this.position.get(id);
    return at === undefined ? undefined : this.priced[at];
  }

  /** A product's source document (as loaded, before pricing) by id: rebuilt, a new object each time. */
  private sourceOf(id: number): Product | undefined {
    const held = this.heldProduct(id);
    return held && this.sourcePrices.sourceOf(held);
  }

  /**
   * Puts reloaded and re-priced products in place of the old ones (copies of the lists: a reader
   * holding the old list keeps a consistent one), adds new ones in id order and drops removed ones.
   */
  private swapIn(fresh: Map<number, Product>, priced: Map<number, Product>, removed: number[], pricesOnly: boolean): void {
    const lookups: Lookups = { bySku: this.bySku, byId: this.byId, byUrl: this.byUrl };
    // A price change keeps every SKU and URL: registering the new products overwrites their entries.
    for (const id of pricesOnly ? removed : [...priced.keys(), ...removed]) {
      const at = this.position.get(id);
      if (at !== undefined) unregister(this.priced[at], lookups);
    }
    let pricedList = this.priced.slice();
    const added: number[] = [];
    for (const [id, product] of priced) {
      const at = this.position.get(id);
      if (at === undefined) {
        added.push(id);
        continue;
      }
      if (fresh.has(id)) {
        if (!pricesOnly) this.links.replace(this.priced[at], fresh.get(id)!); // a price change keeps the parts
        this.sourcePrices.forget(this.priced[at]);
      }
      pricedList[at] = product;
    }
    if (added.length > 0 || removed.length > 0) {
      const gone = new Set(removed);
      for (const id of removed) {
        const held = this.heldProduct(id)!;
        this.links.replace(held, null);
        this.sourcePrices.forget(held);
      }
      for (const id of added) this.links.replace(null, fresh.get(id)!);
      const byId = (a: Product, b: Product) => a.id - b.id;
      pricedList = [...pricedList.filter((product) => !gone.has(product.id)), ...added.map((id) => priced.get(id)!)].sort(byId);
      this.position = new Map(pricedList.map((product, index) => [product.id, index]));
    }
    // After every forget: a SKU may have moved from one product to another.
    for (const id of priced.keys()) if (fresh.has(id)) this.sourcePrices.remember(fresh.get(id)!);
    for (const product of priced.values()) register(product, lookups);
    this.priced = pricedList;
  }

  /**
   * Orders moved these SKUs' stock: the in-memory copy follows at once (listing filters, stock
   * checks, product pages) without reloading the catalogue. The stock objects are the priced
   * products' (and a source rebuilt from one shares them), so one change serves all; a
   * configurable parent is in stock while one of its children is.
   */
  patchStock(rows: StockItemTable[]): void {
    const changed = new Set<Product>();
    for (const row of rows) {
      const entry = this.bySku.get(row.sku);
      if (!entry) continue;
      Object.assign((entry.child ?? entry.product).stock, stockInfoOf(row));
      // A configurable's own row does not decide: it is in stock while a variant is (as loadCatalogData).
      if (entry.child || entry.product.configurable_children) {
        entry.product.stock.is_in_stock = (entry.product.configurable_children ?? []).some((child) => child.stock.is_in_stock && child.status < 2);
      }
      changed.add(entry.product);
    }
    // The documents the engine indexed are these objects: its stock filter follows in this request.
    if (changed.size > 0) this.engine.stockChanged?.([...changed]);
  }

  /** Promotions start and end by the day: the first request of a new day re-prices. */
  async ensureCurrent(): Promise<void> {
    if (dayOf(this.clock()) === this.pricedDay) return;
    this.reindexing ??= this.serially(() => (dayOf(this.clock()) === this.pricedDay ? Promise.resolve() : this.reprice())).finally(() => {
      this.reindexing = null;
    });
    await this.reindexing;
  }

  get products(): Product[] {
    return this.priced;
  }

  get categories(): Category[] {
    return this.data.categories;
  }

  get attributes(): Attribute[] {
    return this.data.attributes;
  }

  get cmsPages(): CmsPage[] {
    return this.data.cmsPages;
  }

  get articles(): AdviceArticle[] {
    return this.data.articles;
  }

  bySkuLookup(sku: string): SkuEntry | undefined {
    return this.bySku.get(sku);
  }

  productById(id: number): Product | undefined {
    return this.byId.get(id);
  }

  /** By url_path, url_key or slug (they are unique across products). */
  productByUrl(url: string): Product | undefined {
    return this.byUrl.get(url);
  }

  /** An active category (not the root) by its url_path or slug. */
  categoryByUrl(url: string, key: 'url_path' | 'slug'): Category | undefined {
    return this.data.categories.find((category) => category[key] === url && category.is_active && category.level >= 2);
  }

  /** The prices the SKU was charged, up to now: a scheduled change (a promotion's first day, written by an import) is not shown before it applies. */
  priceHistory(sku: string): PricePoint[] {
    const now = this.clock().getTime();
    return (this.data.history.get(sku) ?? []).filter((point) => momentOf(point.from) <= now);
  }
}

interface Lookups {
  bySku: Map<string, SkuEntry>;
  byId: Map<number, Product>;
  byUrl: Map<string, Product>;
}

/** A product's own SKU and its variants'. */
function skusOf(product: Product): string[] {
  return [product.sku, ...(product.configurable_children ?? []).map((child) => child.sku)];
}

function register(product: Product, { bySku, byId, byUrl }: Lookups): void {
  bySku.set(product.sku, { product, child: null });
  byId.set(product.id, product);
  for (const key of [product.url_path, product.url_key, product.slug]) byUrl.set(key, product);
  for (const child of product.configurable_children ?? []) bySku.set(child.sku, { product, child });
}

/** Takes a product out of the lookups — where they still point to it (a SKU or URL may have moved to another product). */
function unregister(product: Product, { bySku, byId, byUrl }: Lookups): void {
  for (const sku of skusOf(product)) if (bySku.get(sku)?.product === product) bySku.delete(sku);
  if (byId.get(product.id) === product) byId.delete(product.id);
  for (const key of [product.url_path, product.url_key, product.slug]) if (byUrl.get(key) === product) byUrl.delete(key);
}
