import { linkTo, type PageHead, type RouteState } from '@kaloryfer/contracts';
import type { Attribute, Category, Product, ProductView, ResolvedUrl, ReviewSummary } from '@kaloryfer/api-contract';
import { categoryTrail, imageUrl } from '@kaloryfer/domain';
import type { PageData } from '@kaloryfer/ui';
import { CATEGORIES_KEY, productViewKey, resolvedUrlKey } from '../api/data-keys';

/**
 * What a catalogue page's head says beyond its title and description (which the page frame
 * reports): the canonical link and JSON-LD (schema.org Product with PLN offers, BreadcrumbList)
 * of product and category pages, and the product's main picture to preload. Written from the
 * same page data the region was rendered from.
 */
const DESCRIPTION_MAX = 160;

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function breadcrumbList(origin: string, crumbs: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: origin + crumb.path })),
  };
}

const categoryPath = (category: Category) => linkTo({ name: 'category', slug: category.slug });
const availability = (inStock: boolean) => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
const money = (amount: number) => amount.toFixed(2);
const gtinOf = (source: object): string | undefined => {
  const gtin = (source as { gtin?: unknown }).gtin;
  return typeof gtin === 'string' && /^\d{13}$/.test(gtin) ? gtin : undefined;
};

function offersOf(product: Product, childSku: string | null, url: string): object {
  const children = (product.configurable_children ?? []).filter((child) => child.status < 2);
  const chosen = childSku ? children.find((child) => child.sku === childSku) : undefined;
  if (chosen || children.length === 0) {
    const source = chosen ?? product;
    return {
      '@type': 'Offer',
      url,
      priceCurrency: 'PLN',
      price: money(source.final_price_incl_tax ?? product.final_price_incl_tax ?? 0),
      availability: availability(source.stock.is_in_stock),
      itemCondition: 'https://schema.org/NewCondition',
      ...(chosen ? { sku: chosen.sku } : {}),
      ...(gtinOf(source) ? { gtin13: gtinOf(source) } : {}),
    };
  }
  const prices = children.map((child) => child.final_price_incl_tax ?? 0);
  return {
    '@type': 'AggregateOffer',
    url,
    priceCurrency: 'PLN',
    lowPrice: money(Math.min(...prices)),
    highPrice: money(Math.max(...prices)),
    offerCount: children.length,
    availability: availability(children.some((child) => child.stock.is_in_stock)),
  };
}

function brandOf(product: Product, attributes: readonly Attribute[]): string | undefined {
  if (product.manufacturer === undefined) return undefined;
  return attributes.find((attribute) => attribute.attribute_code === 'manufacturer')?.options.find((option) => option.value === String(product.manufacturer))
    ?.label;
}

/** The head of a product page, from its product-view answer. */
export function productHead(view: ProductView, childSku: string | null, origin: string, homeCrumb: string): PageHead {
  const { product } = view;
  const path = linkTo({ name: 'product', parentSku: product.sku, slug: product.slug });
  const canonical = origin + path;
  const description = clip(plainText(product.meta_description || product.short_description || product.description || product.name), DESCRIPTION_MAX);
  const deepest = view.categories
    .filter((category) => product.category_ids.includes(category.id) && category.is_active && category.level >= 2)
    .sort((a, b) => b.level - a.level)[0];
  const trail = deepest ? categoryTrail(view.categories, deepest) : [];
  const brand = brandOf(product, view.attributes);
  const images = [product.image, ...product.media_gallery.map((image) => image.image)].filter(Boolean);
  const chosen = childSku ? product.configurable_children?.find((child) => child.sku === childSku) : undefined;
  const validChild = chosen ? chosen.sku : null;
  const rating: Pick<ReviewSummary, 'average' | 'count'> = view.reviews.summary;
  return {
    description,
    canonical,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: validChild ?? product.sku,
        description,
        image: [...new Set(images)].map((image) => origin + imageUrl(image, 1920)),
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        offers: offersOf(product, validChild, canonical),
        ...(rating.count > 0 && rating.average !== null
          ? {
              aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 },
            }
          : {}),
      },
      breadcrumbList(origin, [
        { name: homeCrumb, path: '/' },
        ...trail.map((category) => ({ name: category.name, path: categoryPath(category) })),
        { name: product.name, path },
      ]),
    ],
  };
}

/** The head of a category page. */
export function categoryHead(category: Category, all: readonly Category[], origin: string, homeCrumb: string): PageHead {
  return {
    canonical: origin + categoryPath(category),
    structuredData: [
      breadcrumbList(origin, [
        { name: homeCrumb, path: '/' },
        ...categoryTrail(all, category).map((crumb) => ({ name: crumb.name, path: categoryPath(crumb) })),
      ]),
    ],
  };
}

function valueOf<T>(data: PageData, key: string): T | undefined {
  const entry = data.peek(key);
  return entry && 'value' in entry ? (entry.value as T) : undefined;
}

/** The head for whatever catalogue page the route shows. */
export function catalogHead({ route, data, origin, homeCrumb }: { route: RouteState; data: PageData; origin: string; homeCrumb: string }): PageHead {
  let target: { product: string; child: string | null } | { category: (category: Category) => boolean } | null = null;
  if (route.name === 'product' || route.name === 'configurable-product') {
    target = { product: route.params.parentSku, child: route.params.childSku ?? null };
  } else if (route.name === 'category') {
    target = { category: (category) => category.slug === route.params.slug };
  } else if (route.name === 'url-dispatcher') {
    const resolved = valueOf<ResolvedUrl>(data, resolvedUrlKey(route.path));
    if (resolved?.type === 'product') target = { product: resolved.parentSku, child: resolved.childSku };
    if (resolved?.type === 'category') target = { category: (category) => category.url_path === resolved.urlPath };
  } else if (route.name === 'home') {
    return { canonical: `${origin}/` };
  }
  if (!target) return {};
  if ('product' in target) {
    const view = valueOf<ProductView>(data, productViewKey(target.product));
    return view ? productHead(view, target.child, origin, homeCrumb) : {};
  }
  const all = valueOf<Category[]>(data, CATEGORIES_KEY) ?? [];
  const category = all.find(target.category);
  return category ? categoryHead(category, all, origin, homeCrumb) : {};
}
