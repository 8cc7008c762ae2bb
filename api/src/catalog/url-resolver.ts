import { isViewable } from '@kaloryfer/domain';
import type { Category, Product } from '@kaloryfer/api-contract';
import type { Catalog } from './catalog';

export type ResolvedPath = { type: 'product'; product: Product; childSku: string | null } | { type: 'category'; category: Category };

function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null; // a malformed escape names nothing of ours
  }
}

function viewable(product: Product | undefined): Product | undefined {
  return product && isViewable(product) ? product : undefined;
}

/**
 * What a shop path shows (spec §2 "Links" and "Unknown URLs"): the catalogue's own routes
 * (`/p/{parentSku}/{slug}[/{childSku}]`, `/c/{slug}`, `/categories/{slug}`), else a product by
 * url_path, then a category by url_path; null when it is neither. The browser's URL dispatcher
 * (GET /api/url) and the server-rendered head (SEO) both ask here, so they never disagree.
 */
export function resolvePath(catalog: Catalog, pathname: string): ResolvedPath | null {
  const segments = segmentsOf(pathname);
  if (!segments || segments.length === 0) return null;
  const [first, ...rest] = segments;
  if (first === 'p' && (rest.length === 2 || rest.length === 3)) {
    const entry = catalog.bySkuLookup(rest[0]);
    const product = entry && entry.child === null ? viewable(entry.product) : undefined;
    if (!product) return null;
    const childSku = rest[2] && product.configurable_children?.some((child) => child.sku === rest[2]) ? rest[2] : null;
    return { type: 'product', product, childSku };
  }
  if ((first === 'c' || first === 'categories') && rest.length === 1) {
    const category = catalog.categoryByUrl(rest[0], 'slug');
    return category ? { type: 'category', category } : null;
  }
  const urlPath = segments.join('/');
  const product = viewable(catalog.productByUrl(urlPath));
  if (product && product.url_path === urlPath) return { type: 'product', product, childSku: null };
  const category = catalog.categoryByUrl(urlPath, 'url_path');
  return category ? { type: 'category', category } : null;
}
