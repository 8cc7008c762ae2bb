import { linkTo, localizedPath, SEO_LANGUAGES, type PageHead, type RouteState } from '@kaloryfer/contracts';
import type { Attribute, Category, ConfigurableChild, Product, ProductView, ResolvedUrl, Review, ReviewSummary } from '@kaloryfer/api-contract';
import { categoryTrail, imageUrl, isReduced, momentOf, shippingMethodsFor } from '@kaloryfer/domain';
import type { PageData } from '@kaloryfer/ui';
import { CATEGORIES_KEY, productViewKey, resolvedUrlKey } from '../api/data-keys';
import { activeFilterCount, listingQueryString, parseListingQuery } from '../listing/route-filters';
import { initialChild } from '../product/configurable-selection';
import { crumbCategory } from '../product/product-links';

/**
 * What a catalogue page's head says beyond its title and description (which the page frame
 * reports), for search engines and link previews (docs/seo.md): the canonical address (the page
 * server writes it in the page's language with its hreflang alternates), robots for listings
 * narrowed by a query and for search results, Open Graph, and JSON-LD — schema.org Product with
 * its offers as merchant listings want them (return policy, shipping), its rating and the reviews
 * the page shows, BreadcrumbList on product and category pages, Organization and WebSite with
 * the shop's search on the home page. Written from the same page data the region was rendered
 * from, with the page's own rules (the variant shown is `initialChild`'s): one source. Server
 * code only (the catalogue's server.tsx): none of it reaches a browser.
 */
const DESCRIPTION_MAX = 160;

/**
 * The shop's returns (the `zwroty` CMS page and the terms, docs/polish-market.md): 14 days from
 * delivery, in Poland, by post or at the shop; the shopper pays the return postage.
 */
export const RETURN_POLICY = { days: 14, country: 'PL', page: linkTo({ name: 'cms-page', slug: 'zwroty' }) } as const;
/** The salon's pickup is no delivery: the rate a product is shipped at is the cheapest of the others. */
const PICKUP_CARRIER = 'flatratefive';

export interface HeadContext {
  route: RouteState;
  data: PageData;
  /** The shop's public origin. */
  origin: string;
  /** The page's language: the addresses in the JSON-LD are its (seo-urls.ts). */
  language: string;
  homeCrumb: string;
  shopName: string;
}

const hreflangOf = (language: string) => SEO_LANGUAGES.find((entry) => entry.language === language)?.hreflang ?? 'pl';
/** An address of the shop in the page's language, absolute. */
const urlIn = (origin: string, language: string) => (path: string) => origin + localizedPath(path, hreflangOf(language));

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

function breadcrumbList(url: (path: string) => string, crumbs: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: url(crumb.path) })),
  };
}

const categoryPath = (category: Category) => linkTo({ name: 'category', slug: category.slug });
const availability = (inStock: boolean) => (inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
const money = (amount: number) => amount.toFixed(2);
const gtinOf = (source: object): string | undefined => {
  const gtin = (source as { gtin?: unknown }).gtin;
  return typeof gtin === 'string' && /^\d{13}$/.test(gtin) ? gtin : undefined;
};
type Item = Product | ConfigurableChild;
const priceOf = (item: Item, product: Product) => item.final_price_incl_tax ?? product.final_price_incl_tax ?? 0;

/** The last day of a running special price (schema.org priceValidUntil), when it has one. */
function priceValidUntil(item: Item): string | undefined {
  const end = item.special_to_date;
  if (!end || !isReduced(item) || item.special_price_incl_tax == null || item.final_price_incl_tax !== item.special_price_incl_tax) return undefined;
  const at = momentOf(end);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString().slice(0, 10);
}

/** What delivery to Poland costs for one of the item: the cheapest method the checkout would offer it (shared/domain's shipping). */
export function shippingRate(item: Item, product: Product): number | null {
  const virtual = product.type_id === 'virtual' || product.type_id === 'downloadable';
  if (virtual) return null;
  const methods = shippingMethodsFor({
    items: [{ qty: 1, weight: item.weight ?? product.weight, width: item.width, height: item.height, depth: item.depth, isVirtual: false }],
    subtotalAfterDiscount: priceOf(item, product),
    freeShippingCoupon: false,
  }).filter((method) => method.available && method.carrier_code !== PICKUP_CARRIER);
  return methods.length > 0 ? Math.min(...methods.map((method) => method.price_incl_tax)) : null;
}

function merchantProperties(item: Item, product: Product, url: (path: string) => string): object {
  const rate = shippingRate(item, product);
  return {
    ...(rate !== null
      ? {
          shippingDetails: {
            '@type': 'OfferShippingDetails',
            shippingRate: { '@type': 'MonetaryAmount', value: money(rate), currency: 'PLN' },
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'PL' },
          },
        }
      : {}),
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: RETURN_POLICY.country,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: RETURN_POLICY.days,
      returnMethod: ['https://schema.org/ReturnByMail', 'https://schema.org/ReturnInStore'],
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      merchantReturnLink: url(RETURN_POLICY.page),
    },
  };
}

function offerOf(item: Item, product: Product, offerUrl: string, url: (path: string) => string, withSku: boolean): object {
  const until = priceValidUntil(item);
  const gtin = gtinOf(item);
  return {
    '@type': 'Offer',
    url: offerUrl,
    priceCurrency: 'PLN',
    price: money(priceOf(item, product)),
    ...(until ? { priceValidUntil: until } : {}),
    availability: availability(item.stock.is_in_stock),
    itemCondition: 'https://schema.org/NewCondition',
    ...(withSku ? { sku: item.sku } : {}),
    ...(gtin ? { gtin13: gtin } : {}),
    ...merchantProperties(item, product, url),
  };
}

/** The item a product page shows: a configurable's variant as the page picks it (the named one if it can be bought, else the cheapest that can). */
export function shownItem(product: Product, childSku: string | null): Item {
  if (product.type_id !== 'configurable') return product;
  const options = [...(product.configurable_options ?? [])].sort((a, b) => a.position - b.position);
  const selection = initialChild(product.configurable_children ?? [], options, childSku ?? undefined);
  return selection.kind === 'child' ? selection.child : product;
}

function brandOf(product: Product, attributes: readonly Attribute[]): string | undefined {
  if (product.manufacturer === undefined) return undefined;
  return attributes.find((attribute) => attribute.attribute_code === 'manufacturer')?.options.find((option) => option.value === String(product.manufacturer))
    ?.label;
}

/** The reviews the page shows first, as schema.org Review: those with stars (a review snippet needs its rating). */
function reviewsOf(items: readonly Review[]): object[] {
  return items
    .filter((review) => review.rating !== null)
    .map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.nickname },
      datePublished: review.created_at,
      name: review.title,
      reviewBody: review.detail,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    }));
}

/**
 * The head of a product page, from its product-view answer. A configurable's page offers each
 * of its variants (merchant listings take Offers, not an AggregateOffer); a variant's address is
 * the variant the page shows, canonical to the product.
 */
export function productHead(view: ProductView, childSku: string | null, context: Pick<HeadContext, 'origin' | 'language' | 'homeCrumb'>): PageHead {
  const { product } = view;
  const url = urlIn(context.origin, context.language);
  const path = linkTo({ name: 'product', parentSku: product.sku, slug: product.slug });
  const description = clip(plainText(product.meta_description || product.short_description || product.description || product.name), DESCRIPTION_MAX);
  // The page's breadcrumbs: home, the category it names, the product.
  const crumb = crumbCategory(view.categories);
  const brand = brandOf(product, view.attributes);
  const shown = shownItem(product, childSku);
  const variant = shown !== product && childSku !== null;
  // The gallery's pictures, as the page shows them: the shown variant's first.
  const images = [shown.image || product.image, ...product.media_gallery.map((image) => image.image)].filter(Boolean);
  const pictures = [...new Set(images)].map((image) => context.origin + imageUrl(image, 1920));
  const children = (product.configurable_children ?? []).filter((child) => child.status < 2);
  const offers =
    product.type_id === 'configurable' && !variant && children.length > 0
      ? children.map((child) =>
          offerOf(child, product, url(linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, childSku: child.sku })), url, true),
        )
      : offerOf(
          shown,
          product,
          url(variant ? linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, childSku: shown.sku }) : path),
          url,
          variant,
        );
  const rating: Pick<ReviewSummary, 'average' | 'count'> = view.reviews.summary;
  const reviews = reviewsOf(view.reviews.items);
  return {
    description,
    canonical: context.origin + path,
    openGraph: {
      type: 'product',
      ...(pictures[0] ? { image: pictures[0] } : {}),
      imageAlt: product.name,
      properties: [
        { property: 'product:price:amount', content: money(priceOf(shown, product)) },
        { property: 'product:price:currency', content: 'PLN' },
        { property: 'product:availability', content: shown.stock.is_in_stock ? 'in stock' : 'out of stock' },
        { property: 'product:condition', content: 'new' },
        ...(brand ? [{ property: 'product:brand', content: brand }] : []),
      ],
    },
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: variant ? shown.sku : product.sku,
        description,
        image: pictures,
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        offers,
        ...(rating.count > 0 && rating.average !== null
          ? {
              aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 },
            }
          : {}),
        ...(reviews.length > 0 ? { review: reviews } : {}),
      },
      breadcrumbList(url, [
        { name: context.homeCrumb, path: '/' },
        ...(crumb ? [{ name: crumb.name, path: categoryPath(crumb) }] : []),
        { name: product.name, path },
      ]),
    ],
  };
}

/** A listing's query narrows or reorders it: such an address is not listed; it points at the bare listing. */
const narrowed = (search: string) => listingQueryString(parseListingQuery(search)) !== '';

/** The head of a category page; `search` is its address's query (filters, sort). */
export function categoryHead(
  category: Category,
  all: readonly Category[],
  search: string,
  context: Pick<HeadContext, 'origin' | 'language' | 'homeCrumb'>,
): PageHead {
  const url = urlIn(context.origin, context.language);
  return {
    canonical: context.origin + categoryPath(category),
    ...(narrowed(search) ? { robots: 'noindex, follow' as const } : {}),
    structuredData: [
      // The page's breadcrumbs: home, the category's parents, the listing under its heading.
      breadcrumbList(url, [
        { name: context.homeCrumb, path: '/' },
        ...categoryTrail(all, category)
          .slice(0, -1)
          .map((crumb) => ({ name: crumb.name, path: categoryPath(crumb) })),
        { name: category.h1_text || category.name, path: categoryPath(category) },
      ]),
    ],
  };
}

/** The home page: the shop as an Organization, and a WebSite whose search is the shop's own (`/categories?query=…`). */
export function homeHead({ origin, language, shopName }: Pick<HeadContext, 'origin' | 'language' | 'shopName'>): PageHead {
  const hreflang = hreflangOf(language);
  const home = urlIn(origin, language)('/');
  // The header search's address, its placeholder written as is (URLSearchParams would escape the braces).
  const search = `${origin}${linkTo({ name: 'categories' })}?query={search_term_string}${hreflang === 'pl' ? '' : `&lang=${hreflang}`}`;
  return {
    canonical: `${origin}/`,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: shopName,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        '@id': `${origin}/#website`,
        name: shopName,
        url: home,
        inLanguage: language,
        publisher: { '@id': `${origin}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: search },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

function valueOf<T>(data: PageData, key: string): T | undefined {
  const entry = data.peek(key);
  return entry && 'value' in entry ? (entry.value as T) : undefined;
}

/** The head for whatever catalogue page the route shows. */
export function catalogHead(context: HeadContext): PageHead {
  const { route, data, origin } = context;
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
    return homeHead(context);
  } else if (route.name === 'categories') {
    // Bare, the category tree; with a search text or a filter, search results: not listed.
    const results = activeFilterCount(parseListingQuery(route.search)) > 0;
    return { canonical: origin + linkTo({ name: 'categories' }), ...(results ? { robots: 'noindex, follow' as const } : {}) };
  } else if (route.name === 'brands') {
    // Two addresses (/brands, /marki), one page.
    return { canonical: `${origin}/brands` };
  }
  if (!target) return {};
  if ('product' in target) {
    const view = valueOf<ProductView>(data, productViewKey(target.product));
    return view ? productHead(view, target.child, context) : {};
  }
  const all = valueOf<Category[]>(data, CATEGORIES_KEY) ?? [];
  const category = all.find(target.category);
  return category ? categoryHead(category, all, route.search, context) : {};
}
