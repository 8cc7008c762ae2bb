import { lineIdentity, round2 } from '@kaloryfer/domain';
import type { PricedLine } from '../priced-line';
import { variantOptions } from './resolve-item';
import type { Item, Labels, PricedSkus } from './step';

/** What the steps found out about a line, put together by lineOf. */
export interface LineParts {
  item: Item;
  qty: number;
  unit: number;
  skus: PricedSkus;
  customOptions: { option_id: string; option_value: string }[];
  labels: Labels;
}

/**
 * The priced line: its options normalised (the variant as option values, bundle and custom
 * options only where chosen; none at all is null), the line identity over them, and what
 * shipping needs to know of it.
 */
export function lineOf({ item, qty, unit, skus, customOptions, labels }: LineParts): PricedLine {
  const { product, child, source } = item;
  const configurable = variantOptions(item);
  const extension = {
    ...(configurable ? { configurable_item_options: configurable } : {}),
    ...(skus.bundleOptions.length > 0 ? { bundle_options: skus.bundleOptions } : {}),
    ...(customOptions.length > 0 ? { custom_options: customOptions } : {}),
  };
  const sku = source.sku;
  return {
    sku,
    parentSku: child ? product.sku : null,
    name: product.name,
    slug: product.slug,
    type_id: product.type_id,
    qty,
    unitPrice: unit,
    rowTotal: round2(unit * qty),
    image: source.image || product.image,
    productOption: Object.keys(extension).length > 0 ? { extension_attributes: extension } : null,
    // The shop's one line identity (shared/domain): configurables by sku, bundles and custom options by their options too.
    checksum: lineIdentity(sku, extension),
    stock: skus.stock,
    shipping: {
      qty,
      weight: skus.weight || undefined,
      width: source.width,
      height: source.height,
      depth: source.depth,
      isVirtual: product.type_id === 'virtual' || product.type_id === 'downloadable',
    },
    labels,
  };
}
