import { ProductRenderList, ProductSingle, ProductViewRead, type Product } from '@kaloryfer/api-contract';
import { isViewable, TILE_FIELDS } from '@kaloryfer/domain';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Catalog } from './catalog';
import { ApiError, sendResult } from '../http/envelope';
import type { ProductReviews } from './catalog-ports';
import { project } from '../search';
import { EMPTY_PRODUCT } from './catalog-messages';
import { forGroup } from './product-fields';

const SINGLE_KEYS = ['sku', 'id', 'url_path', 'url_key', 'slug'] as const;

export function parseSkus(raw: string, max: number, what: string): string[] {
  const skus = [
    ...new Set(
      raw
        .split(',')
        .map((sku) => sku.trim())
        .filter(Boolean),
    ),
  ];
  if (skus.length === 0) throw new ApiError(400, `${what} needs at least one sku`);
  if (skus.length > max) throw new ApiError(400, `${what} accepts at most ${max} skus per call, got ${skus.length}`);
  const bad = skus.find((sku) => sku.length > 64 || !/^[A-Za-z0-9._\-/]+$/.test(sku));
  if (bad) throw new ApiError(400, `${what}: "${bad.slice(0, 64)}" is not a sku`);
  return skus;
}

function priceInfo(product: Product) {
  return {
    final_price: product.final_price_incl_tax,
    regular_price: product.original_price_incl_tax,
    // VSF's syncProductPrice copies special_price (gross here, net in tax_adjustments); 0 = no special price, as it writes itself.
    special_price: product.special_price_incl_tax ?? 0,
    minimal_price: product.final_price_incl_tax,
    max_price: product.original_price_incl_tax,
    extension_attributes: {
      tax_adjustments: {
        final_price: product.final_price,
        regular_price: product.original_price,
        special_price: product.special_price ?? 0,
        minimal_price: product.final_price,
        max_price: product.original_price,
      },
    },
  };
}

/**
 * Product reads: prices per customer group (render-list, spec §7), one product by its search
 * key (product/single: a product page rejects status ≥ 2 and visibility 1, spec §5), and the
 * product-view prefetch that gives a product page everything in one call.
 */
/** Reviews shown with the product; more come from GET /api/review/list. */
export const FIRST_REVIEWS = 5;

/** The store render-list prices for: its id, and the ids other clients send for it (config.ts STORE_ID, STORE_ID_ALIASES). */
export interface PricedStore {
  id: number;
  idAliases: number[];
}
/** Prices are kept in one currency; a client asking for another is told, not sent złoty labelled as dollars. */
const CURRENCY = 'PLN';

export async function productRoutes(
  app: FastifyInstance,
  { catalog, reviews, store = { id: 2, idAliases: [1] } }: { catalog: Catalog; reviews: ProductReviews; store?: PricedStore },
) {
  const storeIds = [store.id, ...store.idAliases.filter((id) => id !== store.id)];
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get('/api/product/render-list', { config: { cache: 'catalog' }, schema: ProductRenderList }, async (request, reply) => {
    const { currencyCode = CURRENCY, storeId = store.id, userGroupId = null } = request.query;
    if (currencyCode.toUpperCase() !== CURRENCY) {
      throw new ApiError(400, `currencyCode: only ${CURRENCY} prices are kept, got ${currencyCode} (a VSF client sets i18n.currencyCode to ${CURRENCY})`);
    }
    if (!storeIds.includes(storeId))
      throw new ApiError(400, `storeId: this shop is store ${storeIds.join(' (or ')}${storeIds.length > 1 ? ')' : ''}, got ${storeId}`);
    const skus = parseSkus(request.query.skus, 50, 'render-list');
    await catalog.ensureCurrent();
    const items = skus.flatMap((sku) => {
      const entry = catalog.bySkuLookup(sku);
      if (!entry) return [];
      const source = (entry.child ?? entry.product) as Product;
      const fields = project(
        forGroup(entry.child ? { ...source, tier_prices: entry.product.tier_prices } : source, userGroupId),
        [
          'id',
          'sku',
          'name',
          'type_id',
          'tax_class_id',
          'price',
          'price_incl_tax',
          'price_tax',
          'original_price',
          'original_price_incl_tax',
          'original_price_tax',
          'special_price',
          'special_price_incl_tax',
          'special_price_tax',
          'special_from_date',
          'special_to_date',
          'final_price',
          'final_price_incl_tax',
          'final_price_tax',
          'tier_prices',
          'lowest_price_30d',
        ],
        null,
      );
      return [{ ...fields, price_info: priceInfo(source) }];
    });
    return sendResult(reply, { items });
  });

  typed.get('/api/product/single', { config: { cache: 'catalog' }, schema: ProductSingle }, async (request, reply) => {
    const key = request.query.key ?? 'sku';
    if (!(SINGLE_KEYS as readonly string[]).includes(key)) throw new ApiError(400, `key must be one of ${SINGLE_KEYS.join(', ')}`);
    const value = request.query[key as (typeof SINGLE_KEYS)[number]];
    if (value === undefined) throw new ApiError(400, `Please provide the search key ${key} for product/single action!`);
    await catalog.ensureCurrent();
    const product = findBy(catalog, key as (typeof SINGLE_KEYS)[number], value);
    if (!product || !isViewable(product)) throw new ApiError(404, EMPTY_PRODUCT);
    return sendResult(reply, forGroup(product, request.query.userGroupId ?? null));
  });

  typed.get('/api/product-view/:parentSku', { config: { cache: 'catalog' }, schema: ProductViewRead }, async (request, reply) => {
    await catalog.ensureCurrent();
    const entry = catalog.bySkuLookup(request.params.parentSku);
    const product = entry?.product;
    if (!product || !isViewable(product)) throw new ApiError(404, EMPTY_PRODUCT);
    const linked = (product.product_links ?? [])
      .filter((link) => link.link_type === 'related' || link.link_type === 'crosssell')
      .map((link) => catalog.bySkuLookup(link.linked_product_sku)?.product)
      .filter((related): related is Product => related !== undefined && isViewable(related))
      // A related product is answered with the shop's one tile list (shared/domain), as the listings ask for them.
      .map((related) => project(related, TILE_FIELDS, null));
    const members = [
      ...(product.product_links ?? []).filter((link) => link.link_type === 'associated').map((link) => link.linked_product_sku),
      ...(product.bundle_options ?? []).flatMap((option) => option.product_links.map((link) => link.sku)),
    ];
    const components = [...new Set(members)]
      .map((sku) => catalog.bySkuLookup(sku))
      .filter((found) => found !== undefined)
      .map((found) =>
        project(
          (found.child ?? found.product) as Product,
          ['id', 'sku', 'name', 'image', 'final_price_incl_tax', 'original_price_incl_tax', 'stock', 'type_id'],
          null,
        ),
      );
    const used = new Set(Object.keys(product));
    for (const child of product.configurable_children ?? []) for (const code of Object.keys(child)) used.add(code);
    const [reviewSummary, firstReviews] = await Promise.all([reviews.summary(product.id), reviews.list(product.id, 0, FIRST_REVIEWS)]);
    return sendResult(reply, {
      product: forGroup(product, request.query.userGroupId ?? null),
      selectedChildSku: entry?.child?.sku ?? null,
      attributes: catalog.attributes.filter((attribute) => used.has(attribute.attribute_code)),
      categories: catalog.categories.filter((category) => product.category_ids.includes(category.id)),
      related: linked,
      components,
      priceHistory: catalog.priceHistory(entry?.child?.sku ?? product.sku),
      reviews: { summary: reviewSummary, items: firstReviews },
    });
  });
}

function findBy(catalog: Catalog, key: (typeof SINGLE_KEYS)[number], value: string): Product | undefined {
  if (key === 'sku') return catalog.bySkuLookup(value)?.product;
  if (key === 'id') return catalog.productById(Number(value));
  const product = catalog.productByUrl(value);
  return product?.[key] === value ? product : undefined;
}
