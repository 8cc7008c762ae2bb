import { priceBundle } from './bundle';
import { head, lookup, radiator, set, valve } from './testing/products';
import type { AskedBundleOption } from './step';

const catalog = lookup([radiator, valve, head, set]);
const summary = (asked: AskedBundleOption[], qty = 1) => {
  const priced = priceBundle(catalog, set, asked, qty);
  if (!priced.ok) return priced.message;
  return {
    unit: priced.unit,
    weight: priced.weight,
    stock: priced.stock.map((taken) => `${taken.sku}×${taken.qty}`),
    labels: priced.labels.map((label) => `${label.label}: ${label.value}`),
    options: priced.bundleOptions,
  };
};

describe('priceBundle: the chosen selections (or the defaults), each with its qty', () => {
  test("the defaults: the selections' prices, weights and stock (× the line's qty), labels, the options normalised", () => {
    expect(summary([], 3)).toEqual({
      unit: 1000 + 2 * 50,
      weight: 20 + 2 * 0.5,
      stock: ['RAD×3', 'VALVE×6'],
      labels: ['Grzejnik: Grzejnik', 'Zawory: Zawór × 2'],
      options: [
        { option_id: 1, option_qty: 1, option_selections: [1] },
        { option_id: 2, option_qty: 2, option_selections: [3] },
      ],
    });
  });

  test.each<[string, AskedBundleOption[], string]>([
    ['an unknown option', [{ option_id: 9, option_selections: [1] }], 'Unknown bundle option 9'],
    [
      'an unknown option before an unknown selection',
      [
        { option_id: 1, option_selections: [42] },
        { option_id: 9, option_selections: [] },
      ],
      'Unknown bundle option 9',
    ],
    ['an unknown selection', [{ option_id: 2, option_selections: [1] }], 'Unknown selection in bundle option "Zawory"'],
    ['two products where one is taken', [{ option_id: 1, option_selections: [1, 2] }], 'Bundle option "Grzejnik" takes one product'],
    ['a required option left empty', [{ option_id: 1, option_selections: [] }], 'Choose a product for "Grzejnik"'],
    ['a quantity of 0', [{ option_id: 2, option_qty: 0, option_selections: [3] }], 'Quantity of "Zawory" must be a whole number from 1 to 99'],
    ['a quantity of 100', [{ option_id: 2, option_qty: 100, option_selections: [3] }], 'Quantity of "Zawory" must be a whole number from 1 to 99'],
    ['a quantity of 1.5', [{ option_id: 2, option_qty: 1.5, option_selections: [3] }], 'Quantity of "Zawory" must be a whole number from 1 to 99'],
    ['a product the catalogue does not sell', [{ option_id: 1, option_selections: [2] }], 'Bundle option "Grzejnik" is not available'],
    [
      "of two options' problems the first option's",
      [
        { option_id: 2, option_selections: [9] },
        { option_id: 1, option_selections: [2] },
      ],
      'Bundle option "Grzejnik" is not available',
    ],
  ])('refused: %s', (_name, asked, message) => {
    expect(summary(asked)).toBe(message);
  });

  test("the shopper's qty only where the link allows it; checkbox selections stored sorted, labelled as asked", () => {
    expect(
      summary(
        [
          { option_id: 1, option_qty: 5, option_selections: [1] },
          { option_id: 2, option_qty: 3, option_selections: [3] },
          { option_id: 3, option_selections: [5, 4] },
        ],
        2,
      ),
    ).toEqual({
      unit: 1000 + 3 * 50 + 80 + 50,
      weight: 20 + 3 * 0.5 + 0.2 + 0.5,
      stock: ['RAD×2', 'VALVE×6', 'HEAD×2', 'VALVE×2'],
      labels: ['Grzejnik: Grzejnik', 'Zawory: Zawór × 3', 'Dodatki: Głowica', 'Dodatki: Zawór'],
      options: [
        { option_id: 1, option_qty: 1, option_selections: [1] },
        { option_id: 2, option_qty: 3, option_selections: [3] },
        { option_id: 3, option_qty: 1, option_selections: [4, 5] },
      ],
    });
  });
});
