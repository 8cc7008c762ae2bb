import type { Product } from '@kaloryfer/api-contract';
import { ceneoFeed } from './ceneo-feed';
import { googleMerchantFeed } from './google-merchant-feed';
import { feedContext, pricedProducts, seedProducts } from './testing/feed-catalog';

/**
 * How long the feeds take for a large catalogue — printed, not asserted (machines differ).
 * 10,000 products by default; `FEED_TIMING_PRODUCTS=100000 npx jest src/seo/feeds/feed-timing`
 * for the 100,000 of docs/seo.md. The products are copies of the seed's (new ids and SKUs).
 */
const PRODUCTS = Number(process.env.FEED_TIMING_PRODUCTS ?? 10_000);

function copies(base: Product[], count: number): Product[] {
  const products: Product[] = [];
  for (let round = 0; products.length < count; round += 1) {
    for (const product of base) {
      if (products.length === count) break;
      const children = product.configurable_children?.map((child) => ({ ...child, sku: `${child.sku}-${round}` }));
      products.push({ ...product, id: products.length + 1, sku: `${product.sku}-${round}`, ...(children ? { configurable_children: children } : {}) });
    }
  }
  return products;
}

test(`both feeds for ${PRODUCTS.toLocaleString('en')} products`, () => {
  const context = feedContext(copies(pricedProducts(seedProducts(400)), PRODUCTS));
  const lines = [
    `${PRODUCTS.toLocaleString('en')} products (${context.catalog.products.reduce((sum, product) => sum + 1 + (product.configurable_children?.length ?? 0), 0).toLocaleString('en')} SKUs):`,
  ];
  for (const [name, feed] of [
    ['Google Merchant Center', googleMerchantFeed],
    ['Ceneo', ceneoFeed],
  ] as const) {
    const started = performance.now();
    let characters = 0;
    let chunks = 0;
    let largest = 0;
    let heap = 0;
    for (const chunk of feed(context)) {
      characters += chunk.length;
      chunks += 1;
      largest = Math.max(largest, chunk.length);
      if (chunks % 100 === 0) heap = Math.max(heap, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `  ${name}: ${seconds.toFixed(2)} s, ${(characters / 1e6).toFixed(0)} M characters in ${chunks} chunks (largest ${(largest / 1e3).toFixed(0)} k), heap at most ${(heap / 1e6).toFixed(0)} MB`,
    );
    expect(chunks).toBeGreaterThan(1);
  }
  console.log(lines.join('\n'));
});
