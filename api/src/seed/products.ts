import type { PricePoint, Product } from '@kaloryfer/api-contract';
import { buildAccessory } from './build-accessory';
import { buildRadiator } from './build-radiator';
import { buildServicesAndGuides } from './build-services-and-guides';
import { buildBundle, buildGroupedSet, bundleRadiators } from './build-sets';
import { ACCESSORY_FAMILIES, RADIATOR_FAMILIES } from './families';
import { merchandise } from './merchandise';
import { SeedRun, type ProductOptions } from './seed-run';

/**
 * The generated product catalogue: how many products of each kind, built in which order. The
 * families are tables (`families.ts`); each kind of product has its builder (`build-*.ts`), made
 * of the shared parts in `product-parts.ts` and `prices.ts`.
 */
export type { ProductOptions } from './seed-run';

export interface GeneratedProducts {
  products: Product[];
  /** Per SKU (simple, child, virtual, downloadable): the gross regular/special price timeline. */
  priceHistory: { sku: string; points: PricePoint[] }[];
}

/** Splits `total` across weights with the largest-remainder rule: exact counts, every run the same. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const counts = exact.map(Math.floor);
  const order = exact.map((value, index) => [value - Math.floor(value), index]).sort((a, b) => b[0] - a[0]);
  for (let i = 0; counts.reduce((a, b) => a + b, 0) < total; i += 1) counts[order[i % order.length][1]] += 1;
  return counts;
}

/** Deterministic: the same options give the same products, ids and prices. */
export function generateProducts(options: ProductOptions): GeneratedProducts {
  const run = new SeedRun(options);
  const { parents } = options;
  // The 8 services and guides come from 40 parents on; 5 % of the parents are sets (bundles and grouped).
  const fixed = parents >= 40 ? 8 : 0;
  const sets = Math.round(parents * 0.05);
  const families = [...RADIATOR_FAMILIES, ...ACCESSORY_FAMILIES];
  const counts = allocate(
    Math.max(0, parents - fixed - sets),
    families.map((family) => family.share),
  );
  // Accessories first: bundles, grouped sets and related links point at them.
  families.forEach((family, index) => {
    if (family.kind !== 'accessory') return;
    for (let i = 0; i < counts[index]; i += 1) addComponent(run, family.code, buildAccessory(run, family, i));
  });
  families.forEach((family, index) => {
    if (family.kind !== 'radiator') return;
    for (let i = 0; i < counts[index]; i += 1) run.products.push(buildRadiator(run, family, i));
  });
  const bundles = Math.round(sets * 0.6);
  const radiators = bundleRadiators(run.products);
  for (let i = 0; i < bundles; i += 1) addIfBuilt(run, buildBundle(run, i, radiators));
  for (let i = 0; i < sets - bundles; i += 1) addIfBuilt(run, buildGroupedSet(run, i));
  if (fixed > 0) run.products.push(...buildServicesAndGuides(run));
  merchandise(run);
  return { products: run.products, priceHistory: run.priceHistory };
}

/** An accessory joins the catalogue and, when enabled, the parts sets are made of. */
function addComponent(run: SeedRun, familyCode: string, product: Product): void {
  run.products.push(product);
  if (product.status >= 2) return;
  const list = run.componentsByFamily.get(familyCode) ?? [];
  list.push(product);
  run.componentsByFamily.set(familyCode, list);
}

function addIfBuilt(run: SeedRun, product: Product | undefined): void {
  if (product) run.products.push(product);
}
