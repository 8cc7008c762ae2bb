import type { OrderAddress } from '@kaloryfer/api-contract';
import { addressProblem, INVALID_NIP, ONLY_POLAND } from './address-problem';

/** An order's or an address book's address (spec §5 messages): the first rule it breaks, in order. */
const ADDRESS: OrderAddress = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Marszałkowska 10/4'],
  city: 'Warszawa',
  postcode: '00-950',
  country_id: 'PL',
  telephone: '+48 600 700 800',
  email: 'anna@example.pl',
};

test.each<[string, Partial<OrderAddress>, boolean, string | null]>([
  ['a whole address', {}, true, null],
  ['no phone, no NIP (both optional)', { telephone: '', vat_id: '' }, true, null],
  ['a valid NIP with dashes', { vat_id: '526-000-12-46' }, false, null],
  ['no first name', { firstname: ' ' }, false, 'Field is required'],
  ['no e-mail where one is needed', { email: '' }, true, 'Field is required'],
  ['no e-mail where none is needed', { email: '' }, false, null],
  ['a wrong e-mail', { email: 'anna@' }, true, 'Please provide valid e-mail address'],
  ['no street', { street: ['', ' '] }, false, 'Field is required'],
  ['no city', { city: '' }, false, 'Field is required'],
  ['abroad', { country_id: 'DE', postcode: '10115' }, false, ONLY_POLAND],
  ['country in lower case', { country_id: 'pl' }, false, null],
  ['postcode without the dash', { postcode: '00950' }, false, 'Enter the zip code in the xx-xxx format'],
  ['a phone of 5 digits', { telephone: '12345' }, false, 'The phone number you entered is incorrect'],
  ['a NIP with a wrong check digit', { vat_id: '5260001247' }, false, INVALID_NIP],
  ['a NIP of 9 digits', { vat_id: '526000124' }, false, INVALID_NIP],
])('%s', (_, change, needsEmail, problem) => {
  expect(addressProblem({ ...ADDRESS, ...change }, { needsEmail })).toBe(problem);
});
