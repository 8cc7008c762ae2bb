import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';

/** The spec's answer for a product that does not exist or is not shown (spec §8): product reads, stock, reviews and the cart say it alike. */
export const EMPTY_PRODUCT: SpecMessage = 'Product query returned an empty result';
