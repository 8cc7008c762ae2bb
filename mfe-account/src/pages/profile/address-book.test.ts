import type { CustomerAddress } from '@kaloryfer/contracts';
import { bookWith, bookWithDefault, splitStreet } from './address-book';

const saved = (id: number, defaults: Partial<CustomerAddress> = {}): CustomerAddress => ({
  id,
  firstname: 'Anna',
  lastname: 'Nowak',
  street: ['Kwiatowa', '12'],
  city: 'Warszawa',
  postcode: '00-950',
  countryId: 'PL',
  defaultShipping: false,
  defaultBilling: false,
  ...defaults,
});

test.each<[string[], { street: string; house: string }]>([
  [['Kwiatowa', '12'], { street: 'Kwiatowa', house: '12' }],
  [['Aleja Jana Pawła II', '12/4'], { street: 'Aleja Jana Pawła II', house: '12/4' }],
  [['Aleja Jana Pawła II 12/4'], { street: 'Aleja Jana Pawła II', house: '12/4' }], // one line, as checkout writes it
  [['3 Maja 5a'], { street: '3 Maja', house: '5a' }],
  [['Rynek'], { street: 'Rynek', house: '' }],
  [[], { street: '', house: '' }],
])('%j is street and house %j', (street, expected) => {
  expect(splitStreet(street)).toEqual(expected);
});

test('one default of each kind: the saved or chosen address takes it from the others, the other kind stays', () => {
  const book = [saved(1, { defaultShipping: true, defaultBilling: true }), saved(2)];
  expect(bookWith(book, { ...saved(3), id: undefined, defaultShipping: true }).map((entry) => [entry.id, entry.defaultShipping, entry.defaultBilling])).toEqual(
    [
      [1, false, true],
      [2, false, false],
      [undefined, true, false],
    ],
  );
  expect(bookWithDefault(book, 2, 'defaultBilling').map((entry) => [entry.id, entry.defaultShipping, entry.defaultBilling])).toEqual([
    [1, true, false],
    [2, false, true],
  ]);
  expect(bookWith(book, { ...saved(1), defaultShipping: false }).map((entry) => entry.defaultShipping)).toEqual([false, false]); // unticked: no default left
});
