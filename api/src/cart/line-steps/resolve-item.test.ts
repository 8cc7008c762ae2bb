import { MESSAGES } from './step';
import { child, lookup, product } from './testing/products';
import { resolveItem, variantLabels, variantOptions } from './resolve-item';
import type { ConfigurableChoice } from './step';

const colours = {
  id: 1,
  attribute_id: 93,
  attribute_code: 'color',
  label: 'Kolor',
  position: 0,
  values: [
    { value_index: 1, label: 'Biały' },
    { value_index: 2, label: 'Czarny' },
  ],
};
const widths = { id: 2, attribute_id: 150, attribute_code: 'connection_width', label: 'Rozstaw', position: 1, values: [{ value_index: 50, label: '50 mm' }] };
const towel = product({
  sku: 'TOWEL',
  name: 'Drabinka',
  type_id: 'configurable',
  configurable_options: [colours, widths],
  configurable_children: [child('TOWEL-W', { color: 1, connection_width: 50 }), child('TOWEL-B', { color: 2, connection_width: 50 }, { status: 2 })],
});
const catalog = lookup([
  towel,
  product({ sku: 'VALVE' }),
  product({ sku: 'HIDDEN', visibility: 1 }),
  product({ sku: 'OFF', status: 2 }),
  product({ sku: 'KIT', type_id: 'grouped' }),
]);
const resolved = (sku: string, options?: ConfigurableChoice[]) => {
  const item = resolveItem(catalog, sku, options ? { configurable_item_options: options } : {});
  return item.ok ? `${item.product.sku}/${item.child?.sku ?? '-'}/${item.source.sku}` : `${item.status} ${item.message}`;
};

describe("resolveItem: the product of a line and a configurable's variant", () => {
  test.each<[string, string, ConfigurableChoice[] | undefined, string]>([
    ['a simple product', 'VALVE', undefined, 'VALVE/-/VALVE'],
    ['an unknown sku', 'NOPE', undefined, `404 ${MESSAGES.empty}`],
    ['a hidden product', 'HIDDEN', undefined, `404 ${MESSAGES.empty}`],
    ['a disabled product', 'OFF', undefined, `404 ${MESSAGES.empty}`],
    ['a grouped product', 'KIT', undefined, '400 A grouped product goes into the cart as its items, one line each'],
    ['a variant by its sku (options asked are not read)', 'TOWEL-W', [{ option_id: 93, option_value: 2 }], 'TOWEL/TOWEL-W/TOWEL-W'],
    [
      'a variant by option values',
      'TOWEL',
      [
        { option_id: '150', option_value: '50' },
        { option_id: 93, option_value: 1 },
      ],
      'TOWEL/TOWEL-W/TOWEL-W',
    ],
    ['a configurable without options', 'TOWEL', undefined, `400 ${MESSAGES.noConfiguration}`],
    ['a configurable with some of its options', 'TOWEL', [{ option_id: 93, option_value: 1 }], `400 ${MESSAGES.noConfiguration}`],
    [
      'a combination no variant has',
      'TOWEL',
      [
        { option_id: 93, option_value: 3 },
        { option_id: 150, option_value: 50 },
      ],
      `400 ${MESSAGES.noConfiguration}`,
    ],
    [
      'an option the product does not have',
      'TOWEL',
      [
        { option_id: 93, option_value: 1 },
        { option_id: 7, option_value: 50 },
      ],
      `400 ${MESSAGES.noConfiguration}`,
    ],
    ['a disabled variant by its sku', 'TOWEL-B', undefined, `400 ${MESSAGES.noConfiguration}`],
    [
      'a disabled variant by option values',
      'TOWEL',
      [
        { option_id: 93, option_value: 2 },
        { option_id: 150, option_value: 50 },
      ],
      `400 ${MESSAGES.noConfiguration}`,
    ],
  ])('%s', (_name, sku, options, expected) => {
    expect(resolved(sku, options)).toBe(expected);
  });

  test("a variant's labels and option values in the configurable's order; none for a product without a variant", () => {
    const item = resolveItem(catalog, 'TOWEL-W', {});
    if (!item.ok) throw new Error(item.message);
    expect(variantLabels(item)).toEqual([
      { label: 'Kolor', value: 'Biały' },
      { label: 'Rozstaw', value: '50 mm' },
    ]);
    expect(variantOptions(item)).toEqual([
      { option_id: '93', option_value: '1' },
      { option_id: '150', option_value: '50' },
    ]);
    const valve = resolveItem(catalog, 'VALVE', {});
    if (!valve.ok) throw new Error(valve.message);
    expect([variantLabels(valve), variantOptions(valve)]).toEqual([[], null]);
  });
});
