import type { Product } from '@kaloryfer/api-contract';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { seedProducts } from './feed-catalog';

/**
 * Products the feeds' tests need beyond the seed's (a name with markup, a product hidden, one
 * on a special price from a moment…): copies of one of the seed's accessories — a simple
 * product, listed, in stock, at its regular price — with what each case changes.
 */
export function fixtureMaker(sources: Product[] = seedProducts()) {
  const base = sources.find(
    (product) =>
      product.type_id === 'simple' &&
      product.accessory_type !== undefined &&
      product.status === 1 &&
      product.visibility === 4 &&
      product.stock.is_in_stock &&
      product.stock.manage_stock &&
      product.special_price === null,
  );
  if (!base) throw new Error('the seed has no plain accessory');
  let nextId = 900_000;
  return (sku: string, changes: Partial<Product> = {}): Product => {
    const key = sku.toLowerCase();
    return {
      ...structuredClone(base),
      id: (nextId += 1),
      sku,
      url_key: key,
      url_path: key,
      slug: key,
      price: 200,
      special_price: null,
      special_from_date: null,
      special_to_date: null,
      ...changes,
    };
  };
}

/** An EAN-13 with a correct check digit from its first 12 digits. */
export function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

/** The whole feed checked as XML, then parsed: texts and attributes as strings, the repeated elements always lists. */
export function parseFeed(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const repeated = new Set(['item', 'g:additional_image_link', 'o', 'i', 'a']);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    htmlEntities: true,
    isArray: (name) => repeated.has(name),
  }).parse(xml) as Record<string, unknown>;
}
