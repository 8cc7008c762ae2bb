import type { ProductOptionInput } from '@kaloryfer/contracts';
import type { BundleOption, CustomOption } from '@kaloryfer/api-contract';
import { bundleSelectionTotal, customOptionsTotal, round2 } from '@kaloryfer/domain';

/** A bundle option's choice: the chosen link ids (one for radio/select, any for checkbox) and qty. */
export type BundleChoice = Record<number, { links: number[]; qty: number }>;

/** Spec §4: each option starts on its default link (none for an optional option without one). */
export function initialBundleChoice(options: BundleOption[]): BundleChoice {
  const choice: BundleChoice = {};
  for (const option of options) {
    const preferred = option.product_links.find((link) => link.is_default);
    choice[option.option_id] = { links: preferred ? [preferred.id] : [], qty: preferred?.qty ?? 1 };
  }
  return choice;
}

/** Gross total of a bundle choice: only options with a product and qty 0 or more count (spec §4). */
export function bundleChoiceTotal(options: BundleOption[], choice: BundleChoice, priceOf: (sku: string) => number | null): number {
  return round2(
    bundleSelectionTotal(
      options.flatMap((option) => {
        const chosen = choice[option.option_id];
        return option.product_links.filter((link) => chosen?.links.includes(link.id)).map((link) => ({ price: priceOf(link.sku), qty: chosen.qty }));
      }),
    ),
  );
}

/** Required options left without a product (their titles). */
export function missingBundleOptions(options: BundleOption[], choice: BundleChoice): string[] {
  return options.filter((option) => option.required && (choice[option.option_id]?.links.length ?? 0) === 0).map((option) => option.title);
}

export function bundleProductOption(options: BundleOption[], choice: BundleChoice): ProductOptionInput['bundle_options'] {
  return options
    .filter((option) => (choice[option.option_id]?.links.length ?? 0) > 0)
    .map((option) => ({ option_id: option.option_id, option_qty: choice[option.option_id].qty, option_selections: [...choice[option.option_id].links] }));
}

/** Custom options chosen: option id → value ids (drop-down/radio one, checkbox any) or text for a field. */
export type CustomChoice = Record<number, number[] | string>;

/** The adders of the chosen values (fixed amount, or percent of the original price). */
export function customChoiceTotal(options: CustomOption[], choice: CustomChoice, originalPrice: number): number {
  const chosen = options.flatMap((option) => {
    const picked = choice[option.option_id];
    if (Array.isArray(picked)) return option.values.filter((value) => picked.includes(value.option_type_id));
    // A text field costs its single value's price once filled in.
    return typeof picked === 'string' && picked.trim() !== '' ? option.values.slice(0, 1) : [];
  });
  return round2(customOptionsTotal(originalPrice, chosen));
}

/** Required custom options left empty (their titles). */
export function missingCustomOptions(options: CustomOption[], choice: CustomChoice): string[] {
  return options
    .filter((option) => {
      const picked = choice[option.option_id];
      return option.is_require && (picked === undefined || (Array.isArray(picked) ? picked.length === 0 : picked.trim() === ''));
    })
    .map((option) => option.title);
}

export function customProductOption(options: CustomOption[], choice: CustomChoice): ProductOptionInput['custom_options'] {
  return options.flatMap((option) => {
    const picked = choice[option.option_id];
    if (picked === undefined || (Array.isArray(picked) ? picked.length === 0 : picked.trim() === '')) return [];
    return [{ option_id: String(option.option_id), option_value: Array.isArray(picked) ? picked.join(',') : picked.trim() }];
  });
}

/**
 * A download's label parts: its kind from the file's extension, and its title without a kind
 * it already ends in ("Poradnik (PDF)" is shown "Poradnik (PDF)", never "Poradnik (PDF) (PDF)").
 */
export function downloadLabel(title: string, file: string): { title: string; kind: string } {
  const kind = /\.zip$/i.test(file) ? 'ZIP' : 'PDF';
  return { title: title.replace(new RegExp(`\\s*\\(${kind}\\)\\s*$`, 'i'), ''), kind };
}
