import type { Attribute } from '@kaloryfer/api-contract';
import { attributesByCode } from './catalog-api';

/**
 * Attribute metadata (Polish labels, options, swatches) for the codes listings and product
 * pages show, fetched once per page load.
 */
export const SHOWN_ATTRIBUTES = [
  'color',
  'manufacturer',
  'heater_type',
  'material',
  'mount',
  'connection_width',
  'accessory_type',
  'power_75_65_20',
  'power_70_55_20',
  'width',
  'height',
  'depth',
  'working_pressure',
  'elements_count',
  'connection_code',
  'weight',
];

let cached: Promise<Attribute[]> | null = null;

export function shownAttributes(): Promise<Attribute[]> {
  if (!globalThis.document) return attributesByCode(SHOWN_ATTRIBUTES); // a server render: per request
  cached ??= attributesByCode(SHOWN_ATTRIBUTES).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** An attribute value as a shopper reads it: a select's option label, else the value and its unit. */
export function attributeValue(attributes: Attribute[], code: string, value: unknown): string {
  const attribute = attributes.find((candidate) => candidate.attribute_code === code);
  if (attribute?.frontend_input === 'select' || attribute?.frontend_input === 'multiselect') {
    return attribute.options.find((option) => option.value === String(value))?.label ?? String(value);
  }
  return attribute?.unit ? `${String(value)} ${attribute.unit}` : String(value);
}
