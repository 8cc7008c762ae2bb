import type { ConfigurableChild, Product, ProductView } from '@kaloryfer/api-contract';
import type { ProductOptionInput } from '@kaloryfer/contracts';
import { useState } from 'react';
import {
  bundleChoiceTotal,
  bundleProductOption,
  customChoiceTotal,
  customProductOption,
  initialBundleChoice,
  missingBundleOptions,
  missingCustomOptions,
  type BundleChoice,
  type CustomChoice,
} from './composite-choices';

/**
 * A product's bundle and custom options as the shopper chooses them: the configured price, what
 * is still missing, and what the cart is told (the cart prices them itself; never trusted from here).
 */
export function useProductOptions(view: ProductView, shown: Product | ConfigurableChild) {
  const { product } = view;
  const bundleOptions = product.type_id === 'bundle' ? (product.bundle_options ?? []) : [];
  const customOptions = product.custom_options ?? [];
  const [bundleChoice, setBundleChoice] = useState<BundleChoice>(() => initialBundleChoice(bundleOptions));
  const [customChoice, setCustomChoice] = useState<CustomChoice>({});
  const priceOf = (sku: string) => view.components.find((component) => component.sku === sku)?.final_price_incl_tax ?? null;
  const basePrice = bundleOptions.length > 0 ? bundleChoiceTotal(bundleOptions, bundleChoice, priceOf) : (shown.final_price_incl_tax ?? 0);
  const original = shown.original_price_incl_tax ?? shown.final_price_incl_tax ?? 0;
  const configuredPrice = basePrice + customChoiceTotal(customOptions, customChoice, original);
  const missing = [...missingBundleOptions(bundleOptions, bundleChoice), ...missingCustomOptions(customOptions, customChoice)];
  const productOption: ProductOptionInput | undefined =
    bundleOptions.length > 0 || customOptions.length > 0
      ? {
          ...(bundleOptions.length > 0 ? { bundle_options: bundleProductOption(bundleOptions, bundleChoice) } : {}),
          ...(customOptions.length > 0 ? { custom_options: customProductOption(customOptions, customChoice) } : {}),
        }
      : undefined;

  return { bundleOptions, bundleChoice, setBundleChoice, customOptions, customChoice, setCustomChoice, original, configuredPrice, missing, productOption };
}
