import { hashText, lineIdentity } from './line-identity';

const bundle = (...selections: number[][]) => selections.map((option_selections, index) => ({ option_id: index + 1, option_qty: 1, option_selections }));

test('FNV-1a 64 of known texts (the published test vectors)', () => {
  expect(hashText('')).toBe('cbf29ce484222325');
  expect(hashText('a')).toBe('af63dc4c8601ec8c');
  expect(hashText('foobar')).toBe('85944171f73967e8');
});

test.each([
  ['a configurable variant is the same line by sku', ['GRZ-1-BIA', null], ['GRZ-1-BIA', {}], true],
  ['another sku is another line', ['GRZ-1-BIA', null], ['GRZ-1-CZA', null], false],
  [
    'bundle options in another order are the same line',
    ['ZES-1', { bundle_options: [...bundle([3, 1], [7])].reverse() }],
    ['ZES-1', { bundle_options: bundle([1, 3], [7]) }],
    true,
  ],
  ['another bundle selection is another line', ['ZES-1', { bundle_options: bundle([1]) }], ['ZES-1', { bundle_options: bundle([2]) }], false],
  [
    'another bundle quantity is another line',
    ['ZES-1', { bundle_options: [{ option_id: 1, option_qty: 2, option_selections: [1] }] }],
    ['ZES-1', { bundle_options: [{ option_id: 1, option_qty: 1, option_selections: [1] }] }],
    false,
  ],
  [
    'custom options in another order, ids as numbers or text, are the same line',
    [
      'GRZ-2',
      {
        custom_options: [
          { option_id: 2, option_value: 'Jan' },
          { option_id: 1, option_value: 5 },
        ],
      },
    ],
    [
      'GRZ-2',
      {
        custom_options: [
          { option_id: '1', option_value: '5' },
          { option_id: '2', option_value: 'Jan' },
        ],
      },
    ],
    true,
  ],
  [
    'another engraving is another line',
    ['GRZ-2', { custom_options: [{ option_id: 2, option_value: 'Jan' }] }],
    ['GRZ-2', { custom_options: [{ option_id: 2, option_value: 'Anna' }] }],
    false,
  ],
  ['with and without a custom option are two lines', ['GRZ-2', {}], ['GRZ-2', { custom_options: [{ option_id: 2, option_value: 'Jan' }] }], false],
] as const)('%s', (_name, [skuA, optionsA], [skuB, optionsB], same) => {
  expect(lineIdentity(skuA, optionsA) === lineIdentity(skuB, optionsB)).toBe(same);
  expect(lineIdentity(skuA, optionsA)).toMatch(/^[0-9a-f]{16}$/);
});
