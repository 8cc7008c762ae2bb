import type { BundleOption, CustomOption } from '@kaloryfer/api-contract';
import {
  bundleChoiceTotal,
  bundleProductOption,
  downloadLabel,
  customChoiceTotal,
  customProductOption,
  initialBundleChoice,
  missingBundleOptions,
  missingCustomOptions,
} from './composite-choices';

const link = (id: number, sku: string, isDefault: boolean, qty = 1) => ({ id, sku, qty, can_change_quantity: 0 as const, is_default: isDefault, position: id });
const BUNDLE: BundleOption[] = [
  {
    option_id: 1,
    title: 'Grzejnik',
    required: true,
    type: 'radio',
    position: 1,
    sku: 'KF-ZB-0001',
    product_links: [link(11, 'R-600', true), link(12, 'R-800', false)],
  },
  {
    option_id: 2,
    title: 'Zawory',
    required: true,
    type: 'select',
    position: 2,
    sku: 'KF-ZB-0001',
    product_links: [link(21, 'V-1', true, 2), link(22, 'V-2', false)],
  },
  { option_id: 3, title: 'Głowica (opcjonalnie)', required: false, type: 'checkbox', position: 3, sku: 'KF-ZB-0001', product_links: [link(31, 'H-1', false)] },
];
const PRICES: Record<string, number | null> = { 'R-600': 1200, 'R-800': 1450.5, 'V-1': 89.99, 'V-2': 120, 'H-1': 79 };
const priceOf = (sku: string) => PRICES[sku] ?? null;

describe('bundle options (spec §4)', () => {
  test('start on the default links with their qty; an optional option without a default starts empty', () => {
    expect(initialBundleChoice(BUNDLE)).toEqual({ 1: { links: [11], qty: 1 }, 2: { links: [21], qty: 2 }, 3: { links: [], qty: 1 } });
  });

  test.each([
    ['defaults: 1200 + 2 × 89.99', { 1: { links: [11], qty: 1 }, 2: { links: [21], qty: 2 }, 3: { links: [], qty: 1 } }, 1379.98],
    ['bigger radiator, other valves, a head', { 1: { links: [12], qty: 1 }, 2: { links: [22], qty: 1 }, 3: { links: [31], qty: 1 } }, 1649.5],
    ['qty 0 counts nothing but is allowed', { 1: { links: [11], qty: 0 }, 2: { links: [21], qty: 1 }, 3: { links: [], qty: 1 } }, 89.99],
    ['a negative qty does not count', { 1: { links: [11], qty: -1 }, 2: { links: [21], qty: 1 }, 3: { links: [], qty: 1 } }, 89.99],
  ])('%s → %f', (_name, choice, total) => {
    expect(bundleChoiceTotal(BUNDLE, choice, priceOf)).toBe(total);
  });

  test('a product without a known price adds nothing', () => {
    expect(bundleChoiceTotal(BUNDLE, { 1: { links: [11], qty: 1 }, 2: { links: [22], qty: 1 } }, (sku) => (sku === 'V-2' ? null : priceOf(sku)))).toBe(1200);
  });

  test('required options need a product; the cart gets option ids, qty and link ids', () => {
    const choice = { 1: { links: [], qty: 1 }, 2: { links: [22], qty: 3 }, 3: { links: [31], qty: 1 } };
    expect(missingBundleOptions(BUNDLE, choice)).toEqual(['Grzejnik']);
    expect(bundleProductOption(BUNDLE, choice)).toEqual([
      { option_id: 2, option_qty: 3, option_selections: [22] },
      { option_id: 3, option_qty: 1, option_selections: [31] },
    ]);
  });
});

const CUSTOM: CustomOption[] = [
  {
    option_id: 101,
    title: 'Kolor RAL na zamówienie',
    type: 'drop_down',
    is_require: false,
    sort_order: 1,
    values: [
      { option_type_id: 1001, title: 'RAL gładki', price: 15, price_type: 'percent', sort_order: 1 },
      { option_type_id: 1002, title: 'RAL strukturalny', price: 20, price_type: 'percent', sort_order: 2 },
    ],
  },
  {
    option_id: 102,
    title: 'Fabryczny montaż zaworów',
    type: 'checkbox',
    is_require: false,
    sort_order: 2,
    values: [{ option_type_id: 1003, title: 'Zamontuj zawory', price: 89, price_type: 'fixed', sort_order: 1 }],
  },
  {
    option_id: 103,
    title: 'Numer RAL',
    type: 'field',
    is_require: true,
    sort_order: 3,
    max_characters: 8,
    values: [{ option_type_id: 1004, title: 'Numer RAL', price: 0, price_type: 'fixed', sort_order: 1 }],
  },
];

describe('custom options with their adders (spec §4: fixed adds the amount, percent a share of the original price)', () => {
  test.each([
    ['nothing chosen', {}, 0],
    ['15 % of 2000', { 101: [1001] }, 300],
    ['20 % of 2000 + 89 fixed', { 101: [1002], 102: [1003] }, 489],
    ['a filled text field costs its value (0 here)', { 103: 'RAL 7016' }, 0],
  ])('%s → %f', (_name, choice, total) => {
    expect(customChoiceTotal(CUSTOM, choice, 2000)).toBe(total);
  });

  test('required options must be filled; the cart gets option ids and values', () => {
    expect(missingCustomOptions(CUSTOM, { 103: '  ' })).toEqual(['Numer RAL']);
    expect(missingCustomOptions(CUSTOM, { 103: 'RAL 9016' })).toEqual([]);
    expect(customProductOption(CUSTOM, { 101: [1002], 102: [], 103: ' RAL 9016 ' })).toEqual([
      { option_id: '101', option_value: '1002' },
      { option_id: '103', option_value: 'RAL 9016' },
    ]);
  });
});

describe('download labels', () => {
  test.each([
    ['Poradnik: jak dobrać moc grzejnika (PDF)', 'poradnik.pdf', { title: 'Poradnik: jak dobrać moc grzejnika', kind: 'PDF' }],
    ['Instrukcja montażu (pdf) ', 'instrukcja.PDF', { title: 'Instrukcja montażu', kind: 'PDF' }],
    ['Karta katalogowa', 'karta.pdf', { title: 'Karta katalogowa', kind: 'PDF' }],
    ['Pliki CAD (ZIP)', 'cad.zip', { title: 'Pliki CAD', kind: 'ZIP' }],
    ['Pliki CAD (PDF)', 'cad.zip', { title: 'Pliki CAD (PDF)', kind: 'ZIP' }],
  ])('%s (%s) → the kind once', (title, file, expected) => {
    expect(downloadLabel(title, file)).toEqual(expected);
  });
});
