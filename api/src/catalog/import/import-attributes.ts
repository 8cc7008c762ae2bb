import { foldText } from '@kaloryfer/domain';
import { Product, type Attribute } from '@kaloryfer/api-contract';
import { isEmpty, parseDay, parseDecimal, parseFlag, parseMoney, parseText, type Parsed } from './import-values';

/**
 * The `attributes` column: `code=value|code=value` in CSV, an object in JSON. Only attributes
 * the catalogue has (the attribute table), and for an option attribute only its options (by
 * option id or label). An empty value removes the attribute from the product.
 */

/** A product attribute value as documents store it; null removes the attribute. */
export type AttributeValue = string | number | null;

/** Codes that have their own column or are computed, never set through `attributes`. */
const NOT_ATTRIBUTES = new Set([
  'sku',
  'name',
  'description',
  'price',
  'special_price',
  'special_from_date',
  'special_to_date',
  'category',
  'qty',
  'is_in_stock',
]);

export const MAX_ATTRIBUTE_TEXT = 255;

/** The cell as code → raw value pairs, or the reason it is not one. */
export function attributePairs(cell: unknown): Parsed<[string, unknown][]> {
  if (typeof cell === 'object' && cell !== null && !Array.isArray(cell)) return { ok: true, value: Object.entries(cell) };
  if (typeof cell !== 'string') return { ok: false, reason: 'write attributes as code=value|code=value (an object in JSON)' };
  const pairs: [string, unknown][] = [];
  for (const part of cell.split('|')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at < 1) return { ok: false, reason: `"${part.trim()}" is not code=value (attributes are code=value|code=value)` };
    pairs.push([part.slice(0, at).trim(), part.slice(at + 1).trim()]);
  }
  return { ok: true, value: pairs };
}

/** How a document holds the attribute's value: from its input type, else from the product schema. */
function kindOf(attribute: Attribute): 'option' | 'flag' | 'date' | 'money' | 'number' | 'integer' | 'text' {
  if (attribute.frontend_input === 'select' || attribute.frontend_input === 'multiselect') return 'option';
  if (attribute.frontend_input === 'boolean') return 'flag';
  if (attribute.frontend_input === 'date') return 'date';
  if (attribute.frontend_input === 'price') return 'money';
  const schema = (Product.properties as Record<string, { type?: string; anyOf?: { type?: string }[] } | undefined>)[attribute.attribute_code];
  const type = schema?.type ?? schema?.anyOf?.find((option) => option.type !== 'null')?.type;
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  return 'text';
}

/**
 * One attribute's value for a product: `locked` are the codes that pick a configurable's variant
 * (colour, width, height), which an import does not change.
 */
export function attributeValue(code: string, raw: unknown, attribute: Attribute | undefined, locked: ReadonlySet<string>): Parsed<AttributeValue> {
  if (NOT_ATTRIBUTES.has(code)) return { ok: false, reason: `${code} is not set through attributes: use its own column` };
  if (!attribute || !attribute.is_user_defined) return { ok: false, reason: `unknown attribute "${code}"` };
  if (locked.has(code)) return { ok: false, reason: `${code} picks a variant of the configurable product: an import does not change it` };
  if (isEmpty(raw)) return { ok: true, value: null };
  const parsed = valueOf(attribute, raw);
  return parsed.ok ? parsed : { ok: false, reason: `${code}: ${parsed.reason}` };
}

function valueOf(attribute: Attribute, raw: unknown): Parsed<AttributeValue> {
  switch (kindOf(attribute)) {
    case 'option': {
      const wanted = foldText(String(raw).trim());
      const option = attribute.options.find((candidate) => candidate.value === wanted || foldText(candidate.label) === wanted);
      if (option) return { ok: true, value: Number(option.value) };
      const some = attribute.options.slice(0, 5).map((candidate) => `${candidate.value} (${candidate.label})`);
      return { ok: false, reason: `no option "${String(raw)}": options are ${some.join(', ')}${attribute.options.length > 5 ? ', …' : ''}` };
    }
    case 'flag': {
      const flag = parseFlag(raw);
      return flag.ok ? { ok: true, value: flag.value ? 1 : 0 } : flag;
    }
    case 'date':
      return parseDay(raw);
    case 'money':
      return parseMoney(raw);
    case 'integer': {
      const number = parseDecimal(raw);
      if (!number.ok || !Number.isInteger(number.value)) return { ok: false, reason: `not a whole number (${JSON.stringify(raw)})` };
      return number.value < 0 ? { ok: false, reason: `a negative number (${JSON.stringify(raw)})` } : number;
    }
    case 'number': {
      // Sizes, outputs, weights, pressures: none is negative.
      const number = parseDecimal(raw);
      return number.ok && number.value < 0 ? { ok: false, reason: `a negative number (${JSON.stringify(raw)})` } : number;
    }
    default:
      return parseText(raw, MAX_ATTRIBUTE_TEXT);
  }
}
