/**
 * The page-data keys of the catalogue's loads: a server render and the browser's hydration
 * meet on these (docs/rendering.md), and the head reads its values by them.
 */
export const CATEGORIES_KEY = 'categories';
export const ATTRIBUTES_KEY = 'attributes';
/** The brands page: manufacturers with their listed-product counts (pages/brands.ts). */
export const BRANDS_KEY = 'brands';
export const productViewKey = (parentSku: string) => `product-${parentSku}`;
export const resolvedUrlKey = (path: string) => `url-${path}`;
export const railKey = (rail: string) => `rail-${rail}`;
/** CMS blocks by their like pattern (api/cms-blocks.ts). */
export const cmsBlocksKey = (like: string) => `cms-blocks:${like}`;
