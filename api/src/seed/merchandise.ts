import type { Product, ProductLink } from '@kaloryfer/api-contract';
import { shelfPrice } from './prices';
import type { SeedRun } from './seed-run';

/**
 * Merchandising over the finished catalogue: bestsellers, the exclusive collection, news, the
 * hits of the month and week, and related accessories on every radiator. Run last, in this
 * order: each step draws from the random source.
 */
export function merchandise(run: SeedRun): void {
  const { products } = run;
  const radiators = products.filter((product) => product.heater_type !== undefined && product.type_id !== 'bundle');
  const accessories = products.filter((product) => product.accessory_type !== undefined && product.type_id === 'simple');
  markBestsellers(products);
  markExclusiveCollection(run, radiators);
  markNews(run, products);
  pickHits(run, radiators);
  linkRelatedAccessories(run, radiators, accessories);
}

/** The most viewed 5 % (at least 8). */
function markBestsellers(products: Product[]): void {
  const popular = [...products].sort((a, b) => b.view_count - a.view_count || a.id - b.id);
  popular.slice(0, Math.max(8, Math.round(products.length * 0.05))).forEach((product) => {
    product.bestseller = 1;
  });
}

/** About an eighth of the decorative radiators. */
function markExclusiveCollection(run: SeedRun, radiators: Product[]): void {
  radiators
    .filter((product) => product.heater_type === 301)
    .forEach((product) => {
      if (run.rng.chance(0.12)) product.flag = 1;
    });
}

/** 8 % are new now; 3 % were new until recently. */
function markNews(run: SeedRun, products: Product[]): void {
  const { rng } = run;
  products.forEach((product) => {
    const roll = rng.next();
    if (roll < 0.08) {
      product.news_from_date = run.day(-rng.int(1, 20));
      product.news_to_date = run.day(rng.int(5, 60));
    } else if (roll < 0.11) {
      product.news_from_date = run.day(-rng.int(80, 120));
      product.news_to_date = run.day(-rng.int(1, 30));
    }
  });
}

/** One hit of the month (15 % off) and two of the week (10 % off), among visible radiators in stock. */
function pickHits(run: SeedRun, radiators: Product[]): void {
  const hits = radiators.filter((product) => product.status < 2 && product.visibility === 4 && product.stock.is_in_stock);
  if (hits.length < 3) return;
  const [month, week1, week2] = run.rng.sample(hits, 3);
  month.hit_of_the_month = 1;
  month.hit_price = shelfPrice(month.price * 0.85);
  for (const week of [week1, week2]) {
    week.hit_of_the_week = 1;
    week.hit_price = shelfPrice(week.price * 0.9);
  }
}

/** Three accessories "related" to each radiator. */
function linkRelatedAccessories(run: SeedRun, radiators: Product[], accessories: Product[]): void {
  if (accessories.length === 0) return;
  for (const radiator of radiators) {
    radiator.product_links = [
      ...(radiator.product_links ?? []),
      ...run.rng.sample(accessories, 3).map((accessory, position): ProductLink => ({
        link_type: 'related',
        linked_product_sku: accessory.sku,
        linked_product_type: 'simple',
        sku: radiator.sku,
        position,
      })),
    ];
  }
}
