import { isViewable } from '@kaloryfer/domain';
import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { fail, MESSAGES, type ConfigurableChoice, type Extension, type Item, type Labels, type SkuLookup, type Step } from './step';

/** A variant's value of a configurable attribute (an option id), as text: how requests and labels compare it. */
function valueOf(child: ConfigurableChild, attributeCode: string): string {
  return String((child as unknown as Record<string, unknown>)[attributeCode]);
}

/** The variant whose attributes are the asked values, one for each configurable option (a partial choice is none). */
function childByOptions(product: Product, options: { option_id: string | number; option_value: string | number }[]): ConfigurableChild | undefined {
  const codes = new Map((product.configurable_options ?? []).map((option) => [String(option.attribute_id), option.attribute_code]));
  if (options.length !== codes.size) return undefined;
  return (product.configurable_children ?? []).find((child) =>
    options.every((option) => {
      const code = codes.get(String(option.option_id));
      return code !== undefined && valueOf(child, code) === String(option.option_value);
    }),
  );
}

/**
 * The product of a line and, for a configurable, its variant: by the variant's own sku or by
 * the option values asked. Unknown or hidden products, grouped products (their items go in one
 * line each), a configurable without a variant and a disabled variant are refused.
 */
export function resolveItem(catalog: SkuLookup, sku: string, extension: Extension): Step<Item> {
  const entry = catalog.bySkuLookup(sku);
  if (!entry || !isViewable(entry.product)) return fail(404, MESSAGES.empty);
  const product = entry.product;
  if (product.type_id === 'grouped') return fail(400, 'A grouped product goes into the cart as its items, one line each');
  let child = entry.child;
  if (product.type_id === 'configurable' && !child) {
    const options = extension.configurable_item_options ?? [];
    child = options.length > 0 ? (childByOptions(product, options) ?? null) : null;
    if (!child) return fail(400, MESSAGES.noConfiguration);
  }
  if (child && child.status >= 2) return fail(400, MESSAGES.noConfiguration);
  return { ok: true, product, child, source: (child ?? product) as Product };
}

/** The variant's option labels for the microcart ("Kolor: Biały"), in the configurable's order; none for anything else. */
export function variantLabels({ product, child }: Item): Labels {
  if (!child) return [];
  return (product.configurable_options ?? []).flatMap((option) => {
    const value = option.values.find((candidate) => String(candidate.value_index) === valueOf(child, option.attribute_code));
    return value ? [{ label: option.label, value: value.label }] : [];
  });
}

/** The variant as option values, every configurable option in order: what is stored whichever way it was asked. */
export function variantOptions({ product, child }: Item): ConfigurableChoice[] | null {
  if (!child) return null;
  return (product.configurable_options ?? []).map((option) => ({
    option_id: String(option.attribute_id),
    option_value: valueOf(child, option.attribute_code),
  }));
}
