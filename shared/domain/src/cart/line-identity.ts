/**
 * A cart line's identity (spec §4: configurable lines are the same line by sku; bundle and
 * custom-option lines by sku and their options). The API stores it with each line (unique per
 * cart, so adding the same line again adds up) and the cart engine compares lines with it —
 * one function, so the browser and the server never disagree about what "the same line" is.
 */

/** The options that tell two lines of one sku apart (a product_option's extension_attributes). */
export interface LineOptions {
  bundle_options?: readonly { option_id: number | string; option_qty?: number; option_selections: readonly number[] }[];
  custom_options?: readonly { option_id: number | string; option_value: string | number }[];
}

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;

/**
 * FNV-1a, 64 bit, as 16 hex digits: short, synchronous in browsers and Node, and wide enough that
 * two different lines of one cart never meet (a cart holds tens of lines, not billions).
 */
export function hashText(text: string): string {
  let hash = FNV64_OFFSET;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * FNV64_PRIME) & MASK64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The identity of `sku` with these options: the same for options listed in any order. */
export function lineIdentity(sku: string, options: LineOptions | null | undefined): string {
  const bundle = [...(options?.bundle_options ?? [])]
    .map((option) => [Number(option.option_id), option.option_qty ?? null, [...option.option_selections].sort((a, b) => a - b)] as const)
    .sort((a, b) => a[0] - b[0]);
  const custom = [...(options?.custom_options ?? [])]
    .map((option) => [String(option.option_id), String(option.option_value)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return hashText(JSON.stringify([sku, bundle, custom]));
}
