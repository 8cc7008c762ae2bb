import type { Attribute } from '@kaloryfer/domain';
import { attributesByCode } from './catalog-api';

/**
 * Attribute metadata (Polish labels, options, swatches) for the codes listings and product
 * pages show, fetched once per page load.
 */
export const SHOWN_ATTRIBUTES = [
  'color', 'manufacturer', 'heater_type', 'material', 'mount', 'connection_width', 'accessory_type',
  'power_75_65_20', 'power_70_55_20', 'width', 'height', 'depth', 'working_pressure', 'elements_count', 'connection_code', 'weight',
];

let cached: Promise<Attribute[]> | null = null;

export function shownAttributes(): Promise<Attribute[]> {
  cached ??= attributesByCode(SHOWN_ATTRIBUTES).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** The label of an option id of a select attribute, or the value itself. */
export function optionLabel(attributes: Attribute[], code: string, value: unknown): string {
  const attribute = attributes.find((candidate) => candidate.attribute_code === code);
  return attribute?.options.find((option) => option.value === String(value))?.label ?? String(value);
}
