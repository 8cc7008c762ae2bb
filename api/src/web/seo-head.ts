// The route table only (not the package index, which creates the browser's bus and atoms).
import { linkTo } from '@kaloryfer/contracts/src/routes';
import { categoryTrail, formatPageTitle, imageUrl, type Attribute, type Category, type Product, type ReviewSummary } from '@kaloryfer/domain';
// Polish first: the server's HTML speaks the shop's default language, from the shared dictionary.
import { commonPl } from '@kaloryfer/i18n/src/locales/common';
import type { ResolvedPath } from '../catalog/url-resolver';
import { escapeHtml, scriptJson } from './html';

/** What a page's initial HTML says about it before any JavaScript runs. */
export interface SeoHead {
  title: string;
  description: string;
  canonical: string;
  structuredData: object[];
  /**
   * What the page will ask for first, so the browser starts while the scripts load: a product
   * page's prefetch call and its main picture (the largest paint).
   */
  preloads?: { href: string; as: 'fetch' | 'image' }[];
}

export interface SeoContext {
  /** The shop's public origin, e.g. https://kaloryfer.pl (canonical and JSON-LD URLs are absolute). */
  origin: string;
  categories: readonly Category[];
  attributes: readonly Attribute[];
}

/** A product's approved reviews, for aggregateRating (left out when there are none). */
export type RatingSummary = Pick<ReviewSummary, 'average' | 'count'>;

const DESCRIPTION_MAX = 160;
const HOME_CRUMB = commonPl['breadcrumbs.home'];

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
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

function availability(inStock: boolean): string {
  return inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

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
      '@type': 'Offer', url, priceCurrency: 'PLN', price: money(source.final_price_incl_tax ?? product.final_price_incl_tax ?? 0),
      availability: availability(source.stock.is_in_stock), itemCondition: 'https://schema.org/NewCondition',
      ...(chosen ? { sku: chosen.sku } : {}),
      ...(gtinOf(source) ? { gtin13: gtinOf(source) } : {}),
    };
  }
  const prices = children.map((child) => child.final_price_incl_tax ?? 0);
  return {
    '@type': 'AggregateOffer', url, priceCurrency: 'PLN', lowPrice: money(Math.min(...prices)), highPrice: money(Math.max(...prices)),
    offerCount: children.length, availability: availability(children.some((child) => child.stock.is_in_stock)),
  };
}

function brandOf(product: Product, attributes: readonly Attribute[]): string | undefined {
  if (product.manufacturer === undefined) return undefined;
  return attributes.find((attribute) => attribute.attribute_code === 'manufacturer')
    ?.options.find((option) => option.value === String(product.manufacturer))?.label;
}

function productHead(product: Product, childSku: string | null, context: SeoContext, rating?: RatingSummary): SeoHead {
  const path = linkTo({ name: 'product', parentSku: product.sku, slug: product.slug });
  const canonical = context.origin + path;
  const description = clip(plainText(product.meta_description || product.short_description || product.description || product.name), DESCRIPTION_MAX);
  const deepest = context.categories
    .filter((category) => product.category_ids.includes(category.id) && category.is_active && category.level >= 2)
    .sort((a, b) => b.level - a.level)[0];
  const trail = deepest ? categoryTrail(context.categories, deepest) : [];
  const brand = brandOf(product, context.attributes);
  const images = [product.image, ...product.media_gallery.map((image) => image.image)].filter(Boolean);
  // The picture the page will show first: the named variant's, or a product's without variants
  // (without a named variant the page picks one in the browser, so there is nothing sure to preload).
  const chosen = childSku ? product.configurable_children?.find((child) => child.sku === childSku) : undefined;
  const mainImage = chosen ? chosen.image || product.image : product.configurable_children?.length ? null : product.image;
  return {
    title: formatPageTitle(product.name),
    description,
    canonical,
    preloads: [
      { href: `/api/product-view/${encodeURIComponent(product.sku)}`, as: 'fetch' },
      ...(mainImage ? [{ href: imageUrl(mainImage, 500)!, as: 'image' as const }] : []),
    ],
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        sku: childSku ?? product.sku,
        description,
        image: [...new Set(images)].map((image) => context.origin + imageUrl(image, 1920)),
        ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
        offers: offersOf(product, childSku, canonical),
        ...(rating && rating.count > 0 && rating.average !== null
          ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average.toFixed(1), reviewCount: rating.count, bestRating: 5, worstRating: 1 } }
          : {}),
      },
      breadcrumbList(context.origin, [
        { name: HOME_CRUMB, path: '/' },
        ...trail.map((category) => ({ name: category.name, path: categoryPath(category) })),
        { name: product.name, path },
      ]),
    ],
  };
}

function categoryHead(category: Category, context: SeoContext): SeoHead {
  const heading = category.h1_text || category.name;
  return {
    title: formatPageTitle(heading), // as the page itself sets it once mounted
    description: clip(plainText(category.meta_description || category.description || heading), DESCRIPTION_MAX),
    canonical: context.origin + categoryPath(category),
    structuredData: [breadcrumbList(context.origin, [
      { name: HOME_CRUMB, path: '/' },
      ...categoryTrail(context.categories, category).map((crumb) => ({ name: crumb.name, path: categoryPath(crumb) })),
    ])],
  };
}

/** Title, description, canonical link and JSON-LD (schema.org Product + BreadcrumbList) of a resolved page. */
export function seoHeadFor(resolved: ResolvedPath, context: SeoContext, rating?: RatingSummary): SeoHead {
  return resolved.type === 'product' ? productHead(resolved.product, resolved.childSku, context, rating) : categoryHead(resolved.category, context);
}


/**
 * The shell's index.html with this page's head. Added elements carry data-seo="server": the
 * shell drops them on the first in-app navigation, when they would describe the wrong page.
 */
export function withSeoHead(html: string, head: SeoHead): string {
  const extra = [
    ...(head.preloads ?? []).map((preload) => (preload.as === 'fetch'
      ? `<link rel="preload" href="${escapeHtml(preload.href)}" as="fetch" crossorigin />`
      : `<link rel="preload" href="${escapeHtml(preload.href)}" as="image" fetchpriority="high" />`)),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" data-seo="server" />`,
    ...head.structuredData.map((data) => `<script type="application/ld+json" data-seo="server">${scriptJson(data)}</script>`),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', `    ${extra}\n  </head>`);
}
