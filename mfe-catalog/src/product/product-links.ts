import { linkTo } from '@kaloryfer/contracts';

/** Spec §9 image sizes: cart 150, thumbnails 255, gallery 500, zoom 1920 (square, resized). */
export type ImageSize = 150 | 255 | 500 | 1920;

export function imageUrl(image: string | undefined | null, size: ImageSize): string | null {
  if (!image) return null;
  return `/img/${size}/${size}/resize${image.startsWith('/') ? image : `/${image}`}`;
}

/** A product's page: its route with parent sku and slug, the chosen variant as childSku. */
export function productHref(product: { sku: string; slug: string }, childSku?: string): string {
  return linkTo({ name: 'product', parentSku: product.sku, slug: product.slug, ...(childSku ? { childSku } : {}) });
}
