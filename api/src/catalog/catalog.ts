import type { AdviceArticle, Attribute, Category, CmsBlock, CmsPage, ConfigurableChild, PricePoint, Product, TaxRule } from '@kaloryfer/api-contract';
import { sanitizeCmsBlock, sanitizeCmsPage } from '../content/sanitize';
import type { Db } from '../db/database';
import type { SearchEngine } from '../search/search-engine';
import { priceProducts } from './pricing';
import { stockInfoOf } from './stock-row';
import type { StockItemTable } from '../db/schema';
import { taxSettingsFrom } from './tax-settings';

/**
 * The catalogue as the API serves it: loaded from the database (the source of truth), priced
 * for today, handed to the search engine, and looked up by SKU, id and URL. `refresh()` after
 * a change reloads and re-indexes; a new day re-prices on the next request.
 */
export interface SkuEntry {
  product: Product;
  child: ConfigurableChild | null;
}

export interface CatalogData {
  products: Product[];
  categories: Category[];
  attributes: Attribute[];
  taxRules: TaxRule[];
  cmsPages: CmsPage[];
  cmsBlocks: CmsBlock[];
  articles: AdviceArticle[];
  history: Map<string, PricePoint[]>;
}

const parse = <T>(rows: { doc: string }[]): T[] => rows.map((row) => JSON.parse(row.doc) as T);

export async function loadCatalogData(db: Db): Promise<CatalogData> {
  const k = db.kysely;
  const [products, stock, categories, attributes, taxRules, cmsPages, cmsBlocks, articles, history] = await Promise.all([
    k.selectFrom('product').select('doc').orderBy('id').execute(),
    k.selectFrom('stock_item').selectAll().execute(),
    k.selectFrom('category').select('doc').orderBy('id').execute(),
    k.selectFrom('attribute').select('doc').orderBy('attribute_id').execute(),
    k.selectFrom('tax_rule').select('doc').orderBy('id').execute(),
    k.selectFrom('cms_page').select('doc').orderBy('id').execute(),
    k.selectFrom('cms_block').select('doc').orderBy('id').execute(),
    k.selectFrom('advice_article').select('doc').orderBy('published_at', 'desc').execute(),
    k.selectFrom('price_history').selectAll().orderBy('sku').orderBy('valid_from').execute(),
  ]);
  // Stock rows are the truth for quantities (orders reserve them); documents carry a copy.
  const stockBySku = new Map(stock.map((row) => [row.sku, stockInfoOf(row)]));
  const parsedProducts = parse<Product>(products).map((product) => {
    for (const child of product.configurable_children ?? []) child.stock = stockBySku.get(child.sku) ?? child.stock;
    product.stock = stockBySku.get(product.sku) ?? product.stock;
    if (product.configurable_children) {
      product.stock = { ...product.stock, is_in_stock: product.configurable_children.some((child) => child.stock.is_in_stock && child.status < 2) };
    }
    return product;
  });
  const historyBySku = new Map<string, PricePoint[]>();
  for (const row of history) {
    const list = historyBySku.get(row.sku) ?? [];
    list.push({ from: row.valid_from, price: row.price_incl_tax });
    historyBySku.set(row.sku, list);
  }
  return {
    products: parsedProducts,
    categories: parse<Category>(categories),
    attributes: parse<Attribute>(attributes),
    taxRules: parse<TaxRule>(taxRules),
    // Sanitised when written too; again here, so a row written any other way is served clean.
    cmsPages: parse<CmsPage>(cmsPages).map(sanitizeCmsPage),
    cmsBlocks: parse<CmsBlock>(cmsBlocks).map(sanitizeCmsBlock),
    articles: parse<AdviceArticle>(articles),
    history: historyBySku,
  };
}

export class Catalog {
  private data!: CatalogData;
  private priced: Product[] = [];
  private bySku = new Map<string, SkuEntry>();
  private byId = new Map<number, Product>();
  private byUrl = new Map<string, Product>();
  private pricedDay = '';
  private reindexing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly engine: SearchEngine,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Loads from the database and indexes; call again after the catalogue changed. */
  async refresh(): Promise<void> {
    this.data = await loadCatalogData(this.db);
    await this.reprice();
  }

  private async reprice(): Promise<void> {
    const now = this.clock();
    const today = now.toISOString().slice(0, 10);
    const priced =
      this.data.taxRules.length > 0 ? priceProducts(this.data.products, { tax: taxSettingsFrom(this.data.taxRules), at: now, history: this.data.history }) : [];
    const bySku = new Map<string, SkuEntry>();
    const byId = new Map<number, Product>();
    const byUrl = new Map<string, Product>();
    for (const product of priced) {
      bySku.set(product.sku, { product, child: null });
      byId.set(product.id, product);
      for (const key of [product.url_path, product.url_key, product.slug]) byUrl.set(key, product);
      for (const child of product.configurable_children ?? []) bySku.set(child.sku, { product, child });
    }
    await this.engine.index(
      {
        product: priced,
        category: this.data.categories,
        attribute: this.data.attributes,
        taxrule: this.data.taxRules,
        cms_page: this.data.cmsPages,
        cms_block: this.data.cmsBlocks,
      },
      { today },
    );
    this.priced = priced;
    this.bySku = bySku;
    this.byId = byId;
    this.byUrl = byUrl;
    this.pricedDay = today;
  }

  /**
   * Orders moved these SKUs' stock: the in-memory copy follows at once (listing filters, stock
   * checks, product pages) without reloading the catalogue. The stock objects are shared by
   * the loaded and the priced products, so one change serves both; a configurable parent is in
   * stock while one of its children is.
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
    if (this.clock().toISOString().slice(0, 10) === this.pricedDay) return;
    this.reindexing ??= this.reprice().finally(() => {
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

  priceHistory(sku: string): PricePoint[] {
    return this.data.history.get(sku) ?? [];
  }
}
