import { MAX_LINE_QTY } from '@kaloryfer/domain';
import { MESSAGES, priceLine, quantityProblem, type LineRequest } from './cart-lines';
import { engraved, head, lookup, product, radiator, set, stock, valve } from './line-steps/testing/products';

test.each<[unknown, string | null]>([
  [1, null],
  [MAX_LINE_QTY, null],
  [MAX_LINE_QTY + 1, 'Only 999 products of this type are available'],
  [0, 'Quantity must be above 0'],
  [-1, 'Quantity must be above 0'],
  [2.5, 'Quantity must be positive integer'],
  ['3', 'Quantity must be positive integer'],
  [Number.NaN, 'Quantity must be positive integer'],
  [Number.POSITIVE_INFINITY, 'Quantity must be positive integer'],
  [null, 'Quantity must be positive integer'],
  [undefined, 'Quantity must be positive integer'],
])('quantity %p → %p', (qty, problem) => {
  expect(quantityProblem(qty)).toBe(problem);
});

describe('priceLine: the steps in order, the first problem told', () => {
  const engravedSet = product({ ...set, sku: 'ENGRAVED-SET', custom_options: engraved.custom_options });
  const sold = product({ ...engraved, sku: 'SOLD', stock: stock({ is_in_stock: false }) });
  const unpriced = product({ sku: 'UNPRICED', final_price_incl_tax: undefined, stock: stock({ is_in_stock: false }) });
  const catalog = lookup([radiator, valve, head, set, engravedSet, engraved, sold, unpriced]);
  const text = (value: string) => ({ option_id: 1, option_value: value });

  test.each<[string, LineRequest, string]>([
    ['a bad quantity before an unknown sku', { sku: 'NOPE', qty: 0 }, '400 Quantity must be above 0'],
    [
      'an unknown sku before its options',
      { sku: 'NOPE', qty: 1, product_option: { extension_attributes: { custom_options: [text('A')] } } },
      `404 ${MESSAGES.empty}`,
    ],
    [
      'the bundle before the custom options',
      {
        sku: 'ENGRAVED-SET',
        qty: 1,
        product_option: {
          extension_attributes: { bundle_options: [{ option_id: 2, option_selections: [9] }], custom_options: [{ option_id: 9, option_value: 'A' }] },
        },
      },
      '400 Unknown selection in bundle option "Zawory"',
    ],
    [
      'the custom options before the stock',
      { sku: 'ENGRAVED-SET', qty: 4, product_option: { extension_attributes: { custom_options: [{ option_id: 9, option_value: 'A' }] } } },
      '400 Unknown custom option 9',
    ],
    ['a required option before the stock', { sku: 'SOLD', qty: 1 }, '400 Choose "Napis"'],
    ['an unknown price before the stock', { sku: 'UNPRICED', qty: 1 }, `400 ${MESSAGES.priceUnknown}`],
    ['out of stock', { sku: 'SOLD', qty: 1, product_option: { extension_attributes: { custom_options: [text('A')] } } }, `400 ${MESSAGES.outOfStock}`],
    ["a bundle's member short of stock", { sku: 'SET', qty: 4 }, '400 Only 3 products of this type are available'],
  ])('%s', (_name, request, expected) => {
    const priced = priceLine(catalog, request);
    expect(priced.ok ? 'ok' : `${priced.status} ${priced.message}`).toBe(expected);
  });

  test("a bundle with custom options: its selections' price plus adders, labels in step order, options normalised, one identity however asked", () => {
    const asked = (
      custom: { option_id: number | string; option_value: string }[],
      bundle: { option_id: number; option_qty?: number; option_selections: number[] }[],
    ) =>
      priceLine(catalog, {
        sku: 'ENGRAVED-SET',
        qty: 2,
        product_option: { extension_attributes: { bundle_options: bundle, custom_options: custom } },
      });
    const one = asked(
      [text(' Jan '), { option_id: 2, option_value: '21' }],
      [
        { option_id: 3, option_selections: [5] },
        { option_id: 2, option_qty: 3, option_selections: [3] },
      ],
    );
    const other = asked(
      [{ option_id: '2', option_value: '21' }, text('Jan')],
      [
        { option_id: 2, option_qty: 3, option_selections: [3] },
        { option_id: 3, option_selections: [5] },
      ],
    );
    if (!one.ok || !other.ok) throw new Error('refused');
    expect(one.line).toMatchObject({
      sku: 'ENGRAVED-SET',
      parentSku: null,
      qty: 2,
      unitPrice: 1000 + 3 * 50 + 80 + 5 + 10,
      rowTotal: 2 * (1000 + 3 * 50 + 80 + 5 + 10),
      labels: [
        { label: 'Grzejnik', value: 'Grzejnik' },
        { label: 'Zawory', value: 'Zawór × 3' },
        { label: 'Dodatki', value: 'Głowica' },
        { label: 'Napis', value: 'Jan' },
        { label: 'Dodatki', value: 'Uszczelka' },
      ],
      productOption: {
        extension_attributes: {
          bundle_options: [
            { option_id: 1, option_qty: 1, option_selections: [1] },
            { option_id: 2, option_qty: 3, option_selections: [3] },
            { option_id: 3, option_qty: 1, option_selections: [5] },
          ],
          custom_options: [
            { option_id: '1', option_value: 'Jan' },
            { option_id: '2', option_value: '21' },
          ],
        },
      },
      stock: [
        { sku: 'RAD', qty: 2 },
        { sku: 'VALVE', qty: 6 },
        { sku: 'HEAD', qty: 2 },
      ],
      shipping: { qty: 2, weight: 20 + 3 * 0.5 + 0.2, isVirtual: false },
    });
    expect(other.line).toEqual(one.line);
  });

  test("a product without options has no product_option and its identity is its sku's", () => {
    const plain = priceLine(catalog, { sku: 'VALVE', qty: 1, product_option: { extension_attributes: { custom_options: [] } } }, 1);
    const bare = priceLine(catalog, { sku: 'VALVE', qty: 1 });
    expect(plain.ok && plain.line.productOption).toBeNull();
    expect(plain.ok && bare.ok && plain.line.checksum === bare.line.checksum).toBe(true);
  });
});
