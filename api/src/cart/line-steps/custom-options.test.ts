import { priceCustomOptions } from './custom-options';
import { engraved, product, radioOption } from './testing/products';
import type { AskedCustomOption } from './step';

const painted = product({ ...engraved, custom_options: [...engraved.custom_options!, radioOption] });
type Chosen = { customOptions: { option_id: string; option_value: string }[]; labels: { label: string; value: string }[]; adders: string[] };

describe("priceCustomOptions: the custom options asked, checked against the product's", () => {
  test.each<[string, AskedCustomOption[], string | Chosen]>([
    [
      'an unknown id',
      [
        { option_id: 1, option_value: 'Anna' },
        { option_id: 9, option_value: '1' },
      ],
      'Unknown custom option 9',
    ],
    ['an unknown id before a required one missing', [{ option_id: '9', option_value: '1' }], 'Unknown custom option 9'],
    ['the required text missing', [{ option_id: 2, option_value: '21' }], 'Choose "Napis"'],
    ['the required text only spaces', [{ option_id: 1, option_value: '   ' }], 'Choose "Napis"'],
    ['text too long', [{ option_id: 1, option_value: 'Anna i Jan!' }], '"Napis" takes at most 10 characters'],
    [
      'two values for a radio',
      [
        { option_id: 1, option_value: 'Anna' },
        { option_id: 3, option_value: '31,32' },
      ],
      '"Kolor" takes one value',
    ],
    [
      'an unknown value',
      [
        { option_id: 1, option_value: 'Anna' },
        { option_id: 2, option_value: '21,99' },
      ],
      'Unknown value of "Dodatki"',
    ],
    [
      'a value that is no id',
      [
        { option_id: 1, option_value: 'Anna' },
        { option_id: 3, option_value: 'biały' },
      ],
      'Unknown value of "Kolor"',
    ],
    // The product lists "Dodatki" (id 2) first; options are read by id, so the text's problem is told.
    [
      "of two problems the lowest id's",
      [
        { option_id: 2, option_value: '99' },
        { option_id: 1, option_value: 'Anna i Jan!' },
      ],
      '"Napis" takes at most 10 characters',
    ],
    [
      "text of exactly its length, trimmed; the text's first value is its adder",
      [{ option_id: '1', option_value: '  Anna i Jan ' }],
      {
        customOptions: [{ option_id: '1', option_value: 'Anna i Jan' }],
        labels: [{ label: 'Napis', value: 'Anna i Jan' }],
        adders: ['Grawer'],
      },
    ],
    [
      'checkbox values normalised: sorted, without repeats or spaces',
      [
        { option_id: 2, option_value: ' 22, 21,22 ' },
        { option_id: 1, option_value: 'A' },
      ],
      {
        customOptions: [
          { option_id: '1', option_value: 'A' },
          { option_id: '2', option_value: '21,22' },
        ],
        labels: [
          { label: 'Napis', value: 'A' },
          { label: 'Dodatki', value: 'Uszczelka, Montaż' },
        ],
        adders: ['Grawer', 'Uszczelka', 'Montaż'],
      },
    ],
    [
      'an empty optional one left out',
      [
        { option_id: 1, option_value: 'A' },
        { option_id: 3, option_value: '' },
        { option_id: 2, option_value: ' ' },
      ],
      {
        customOptions: [{ option_id: '1', option_value: 'A' }],
        labels: [{ label: 'Napis', value: 'A' }],
        adders: ['Grawer'],
      },
    ],
    [
      'one radio value',
      [
        { option_id: 3, option_value: '32' },
        { option_id: 1, option_value: 'A' },
      ],
      {
        customOptions: [
          { option_id: '1', option_value: 'A' },
          { option_id: '3', option_value: '32' },
        ],
        labels: [
          { label: 'Napis', value: 'A' },
          { label: 'Kolor', value: 'Czarny' },
        ],
        adders: ['Grawer', 'Czarny'],
      },
    ],
  ])('%s', (_name, asked, expected) => {
    const chosen = priceCustomOptions(painted, asked);
    if (typeof expected === 'string') {
      expect(chosen).toEqual({ ok: false, status: 400, message: expected });
    } else {
      expect(chosen.ok && { customOptions: chosen.customOptions, labels: chosen.labels, adders: chosen.adders.map((value) => value.title) }).toEqual(expected);
    }
  });

  test('a product without custom options takes none, and asking for one is refused', () => {
    expect(priceCustomOptions(product({}), [])).toEqual({ ok: true, adders: [], labels: [], customOptions: [] });
    expect(priceCustomOptions(product({}), [{ option_id: 1, option_value: 'A' }])).toEqual({ ok: false, status: 400, message: 'Unknown custom option 1' });
  });
});
