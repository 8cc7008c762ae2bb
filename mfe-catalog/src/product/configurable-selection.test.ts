import type { ConfigurableChild, ConfigurableOption } from '@kaloryfer/api-contract';
import { choose, initialChild, isAvailable } from './configurable-selection';

const stock = (inStock: boolean) => ({ is_in_stock: inStock, qty: inStock ? 4 : 0, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 10 });
const child = (sku: string, color: number, width: number, extra: Partial<ConfigurableChild> = {}): ConfigurableChild => ({
  id: 0,
  sku,
  name: sku,
  status: 1,
  visibility: 1,
  type_id: 'simple',
  url_key: sku,
  image: '',
  price: 100,
  tax_class_id: 2,
  stock: stock(true),
  color,
  width,
  ...extra,
});
const options: ConfigurableOption[] = [
  {
    id: 1,
    attribute_id: 93,
    attribute_code: 'color',
    label: 'Kolor',
    position: 0,
    values: [
      { value_index: 101, label: 'Biały' },
      { value_index: 104, label: 'Antracyt' },
      { value_index: 108, label: 'Chrom' },
    ],
  },
  {
    id: 2,
    attribute_id: 94,
    attribute_code: 'width',
    label: 'Szerokość',
    position: 1,
    values: [
      { value_index: 500, label: '500 mm' },
      { value_index: 600, label: '600 mm' },
    ],
  },
];
const children = [
  child('W-500', 101, 500),
  child('W-600', 101, 600),
  child('A-500', 104, 500, { stock: stock(false) }),
  child('A-600', 104, 600),
  child('C-600', 108, 600, { status: 2 }),
];

describe('configurable variants (spec §4, §5)', () => {
  test.each([
    ['the child named in the URL', 'A-600', 'A-600'],
    ['an out-of-stock child in the URL falls back to the first selectable', 'A-500', 'W-500'],
    ['a disabled child in the URL falls back too', 'C-600', 'W-500'],
    ['no child in the URL → the first selectable', undefined, 'W-500'],
    ['an unknown sku → the first selectable', 'NOPE', 'W-500'],
  ])('%s', (_name, sku, expected) => {
    const result = initialChild(children, options, sku);
    expect(result.kind === 'child' && result.child.sku).toBe(expected);
  });

  test('without a child in the URL the page opens on the cheapest selectable child: the tile\'s "od" price', () => {
    const priced = [
      child('W-500', 101, 500, { final_price_incl_tax: 1299 }),
      child('W-600', 101, 600, { final_price_incl_tax: 1099 }),
      child('A-500', 104, 500, { final_price_incl_tax: 899, stock: stock(false) }),
      child('A-600', 104, 600, { final_price_incl_tax: 1099 }),
    ];
    const result = initialChild(priced, options, undefined);
    expect(result.kind === 'child' && result.child.sku).toBe('W-600');
  });

  test('no selectable child at all → none available', () => {
    expect(initialChild([children[2], children[4]], options, undefined)).toEqual({ kind: 'none-available' });
  });

  test.each([
    ['the whole combination exists', { color: 101, width: 500 }, 'width', 600, 'W-600'],
    ['first-match failure (anthracite 500 is sold out) falls back to a child with the picked value', { color: 101, width: 500 }, 'color', 104, 'A-600'],
  ])('%s', (_name, current, code, value, expected) => {
    const result = choose(children, options, current, code, value);
    expect(result.kind === 'child' && result.child.sku).toBe(expected);
  });

  test('a value no selectable child has → no such configuration, the pick kept', () => {
    expect(choose(children, options, { color: 101, width: 600 }, 'color', 108)).toEqual({
      kind: 'no-such-configuration',
      selection: { color: 108, width: 600 },
    });
  });

  test('pickers know which values go with the rest of the selection', () => {
    expect(isAvailable(children, { color: 104, width: 600 }, 'width', 500)).toBe(false);
    expect(isAvailable(children, { color: 101, width: 600 }, 'width', 500)).toBe(true);
    expect(isAvailable(children, { color: 101, width: 600 }, 'color', 108)).toBe(false);
  });
});
