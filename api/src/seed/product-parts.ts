import { foldText } from '@kaloryfer/domain';
import type { MediaImage, Product, ProductCategoryRef, StockInfo } from '@kaloryfer/api-contract';
import type { ImageStyle } from './families';
import { CATEGORIES, MAIN_CATEGORY_ID, STANDARD_TAX_CLASS, type ColourSeed } from './reference-data';
import type { SeedRun } from './seed-run';

/**
 * The parts every kind of product is built from: its identity (id, SKU, slug, categories, GTIN,
 * dates), stock and delivery time, and pictures. Radiators, accessories, sets, services and guides
 * each add their own parts to these (`build-*.ts`).
 */

export function slugify(text: string): string {
  return foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function ean13(body12: string): string {
  const sum = body12.split('').reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return body12 + String((10 - (sum % 10)) % 10);
}

/** A Polish (590) EAN-13 numbered within `series`: products from 100 000 000, variants from 200 000 000. */
export function gtin(series: 100_000_000 | 200_000_000, number: number): string {
  return ean13(`590${String(series + number).slice(-9)}`);
}

/** KF-DP-0001: the shop's prefix, the family and the product's number in it. */
export function numberedSku(code: string, index: number): string {
  return `KF-${code}-${String(index + 1).padStart(4, '0')}`;
}

/** The label of an option id (manufacturer, material, …) in its reference list; '' when unknown. */
export const optionLabel = (list: readonly { id: number; label: string }[], id: number) => list.find((item) => item.id === id)?.label ?? '';

/** The drawing `/img/…` renders for a product: style, size and colour are in the path. */
export function imagePath(style: ImageStyle, width: number, height: number, colour: ColourSeed): string {
  return `/product/${style}-${Math.round(width)}x${Math.round(height)}-${colour.hex.slice(1).toLowerCase()}.svg`;
}

/** A product shown with one picture: it is also the thumbnail and the gallery. */
export function singlePicture(image: string, label: string): { image: string; thumbnail: string; media_gallery: MediaImage[] } {
  return { image, thumbnail: image, media_gallery: [{ image, label, pos: 0, typ: 'image' }] };
}

const categoryById = (id: number) => CATEGORIES.find((category) => category.id === id)!;

/** The category chain below the main category, leaf last, each with its url path. */
function categoryRefs(leafId: number): { category: ProductCategoryRef[]; category_ids: number[] } {
  const chain: number[] = [];
  for (let id = leafId; id > MAIN_CATEGORY_ID; id = categoryById(id).parentId) chain.unshift(id);
  const category = chain.map((id) => {
    const seed = categoryById(id);
    return {
      category_id: id,
      name: seed.name,
      slug: seed.slug,
      path: chain
        .slice(0, chain.indexOf(id) + 1)
        .map((part) => categoryById(part).slug)
        .join('/'),
    };
  });
  return { category, category_ids: chain };
}

/**
 * A new product with its identity and every field at its empty value, physical stock drawn;
 * the builder fills in the rest. Most are visible everywhere; a few only in search or in the
 * catalogue, or not at all, and 2 % are disabled.
 */
export function newProduct(run: SeedRun, identity: Pick<Product, 'sku' | 'name' | 'type_id'> & { leafCategory: number }): Product {
  const { rng } = run;
  const id = run.nextId();
  const urlKey = `${slugify(identity.name)}-${identity.sku.toLowerCase()}`;
  const visibilityRoll = rng.next();
  const visibility = visibilityRoll < 0.94 ? 4 : visibilityRoll < 0.96 ? 2 : visibilityRoll < 0.98 ? 3 : 1;
  const created = run.day(-rng.int(20, 900));
  return {
    id,
    sku: identity.sku,
    name: identity.name,
    type_id: identity.type_id,
    status: rng.chance(0.98) ? 1 : 2,
    visibility,
    price: 0,
    special_price: null,
    special_from_date: null,
    special_to_date: null,
    tax_class_id: STANDARD_TAX_CLASS,
    tier_prices: [],
    stock: stockFor(run, 'physical'),
    image: '',
    thumbnail: '',
    media_gallery: [],
    url_key: urlKey,
    url_path: urlKey,
    slug: urlKey,
    ...categoryRefs(identity.leafCategory),
    description: '',
    short_description: '',
    meta_title: '',
    meta_keyword: '',
    meta_description: '',
    created_at: `${created} 08:00:00`,
    updated_at: `${run.day(-rng.int(0, 19))} 08:00:00`,
    view_count: Math.floor(5000 * rng.next() ** 3),
    ecommerce: 1,
    bestseller: 0,
    flag: 0,
    hit_of_the_month: 0,
    hit_of_the_week: 0,
    news_from_date: null,
    news_to_date: null,
    gtin: gtin(100_000_000, id),
  };
}

/**
 * Physical goods: mostly in stock, some nearly sold out, 4 % of the in-stock counts unreliable
 * (volatile). Services and made-to-order goods are not counted.
 */
export function stockFor(run: SeedRun, kind: 'physical' | 'service' | 'made-to-order'): StockInfo {
  if (kind === 'service') return { is_in_stock: true, qty: 0, manage_stock: false, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 };
  if (kind === 'made-to-order') return { is_in_stock: true, qty: 0, manage_stock: false, is_volatile: false, min_sale_qty: 1, max_sale_qty: 20 };
  const { rng } = run;
  const inStock = rng.chance(0.88);
  const qty = inStock ? (rng.chance(0.15) ? rng.int(1, 3) : rng.int(4, 120)) : 0;
  return {
    is_in_stock: inStock,
    qty,
    manage_stock: true,
    is_volatile: inStock && rng.chance(0.04),
    min_sale_qty: 1,
    max_sale_qty: inStock ? Math.min(qty, 50) : 0,
  };
}

/** Days until dispatch: next day from stock, weeks when made or ordered from the maker. */
export function deliveryTime(run: SeedRun, stock: StockInfo): number {
  const { rng } = run;
  if (!stock.manage_stock) return rng.pick([7, 10, 14, 21]);
  if (!stock.is_in_stock) return rng.pick([15, 21, 30, 35, 45, 60]);
  return rng.chance(0.85) ? 1 : rng.pick([2, 3]);
}
