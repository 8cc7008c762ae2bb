import type { CustomerAddress } from '@kaloryfer/contracts';
import { emptyDetails } from './details';
import { filledDetails } from './testing/fixtures';
import { addressFieldsOf, addressSummary, applySavedAddress, clearAddress, isAddressEmpty, matchesSaved, streetFieldsOf } from './saved-address';

const saved = (changes: Partial<CustomerAddress> = {}): CustomerAddress => ({
  id: 11,
  firstname: 'Jan',
  lastname: 'Nowak',
  street: ['ul. Lipowa', '7/2'],
  city: 'Gdańsk',
  postcode: '80-001',
  countryId: 'PL',
  telephone: '+48601234567',
  defaultShipping: true,
  defaultBilling: false,
  ...changes,
});

describe("a saved address's street[] as street, house and flat number", () => {
  test.each<[string[], string, string, string]>([
    [['ul. Lipowa', '7'], 'ul. Lipowa', '7', ''],
    [['ul. Lipowa', '7/2'], 'ul. Lipowa', '7', '2'],
    [['ul. Lipowa', '7 m. 2'], 'ul. Lipowa', '7', '2'],
    [['ul. Lipowa', '7 lok. 2'], 'ul. Lipowa', '7', '2'],
    [['ul. Lipowa', '15A', '4'], 'ul. Lipowa', '15A', '4'],
    [['  ul. Lipowa ', ' 7 '], 'ul. Lipowa', '7', ''],
    [['ul. Kwiatowa 12/4'], 'ul. Kwiatowa', '12', '4'],
    [['ul. 3 Maja 15A'], 'ul. 3 Maja', '15A', ''],
    [['Rynek Główny 1 m. 3'], 'Rynek Główny', '1', '3'],
    [['Zalesie'], 'Zalesie', '', ''],
    [[], '', '', ''],
    [['', ''], '', '', ''],
  ])('%j → %j, %j, %j', (street, streetAddress, apartmentNumber, flatNumber) => {
    expect(streetFieldsOf(street)).toEqual({ streetAddress, apartmentNumber, flatNumber });
  });
});

describe("a saved address as the checkout's fieldset", () => {
  test.each<[string, Partial<CustomerAddress>, Record<string, string>]>([
    [
      'every field',
      {},
      {
        firstName: 'Jan',
        lastName: 'Nowak',
        streetAddress: 'ul. Lipowa',
        apartmentNumber: '7',
        flatNumber: '2',
        zipCode: '80-001',
        city: 'Gdańsk',
        phoneNumber: '601 234 567',
      },
    ],
    ['no phone', { telephone: undefined }, { phoneNumber: '' }],
    ['a phone that is not Polish stays as saved', { telephone: '+49 30 1234567' }, { phoneNumber: '+49 30 1234567' }],
    ['spaces trimmed', { firstname: ' Jan ', city: ' Gdańsk ', postcode: ' 80-001' }, { firstName: 'Jan', city: 'Gdańsk', zipCode: '80-001' }],
  ])('%s', (_, changes, expected) => {
    expect(addressFieldsOf(saved(changes))).toMatchObject(expected);
  });

  test('choosing it fills the fieldset and replaces what it held', () => {
    const details = filledDetails();
    applySavedAddress(details, 'shipping', saved());
    expect(details.shipping).toMatchObject({
      firstName: 'Jan',
      streetAddress: 'ul. Lipowa',
      apartmentNumber: '7',
      flatNumber: '2',
      city: 'Gdańsk',
      shippingMethod: 'courier_courier',
    });
    expect(details.personal.firstName).toBe('Anna'); // the buyer is not the recipient
    expect(matchesSaved(details.shipping, saved())).toBe(true);
    details.shipping.apartmentNumber = '9';
    expect(matchesSaved(details.shipping, saved())).toBe(false); // edited: a new address now
  });

  test.each<[string, 'private' | 'company', 'shipping' | 'payment', boolean, boolean]>([
    ['a company buyer, the billing address', 'company', 'payment', false, true],
    ['a company buyer, delivery = billing', 'company', 'shipping', true, true],
    ['a company buyer, a separate billing address: delivery does not invoice', 'company', 'shipping', false, false],
    ['a private buyer: step 1 is not changed from here', 'private', 'payment', false, false],
  ])("a company address's name and NIP — %s", (_, checkoutType, target, sameAsShipping, invoiced) => {
    const details = filledDetails((d) => {
      d.checkoutType = checkoutType;
      d.payment.sameAsShipping = sameAsShipping;
    });
    applySavedAddress(details, target, saved({ company: 'Instalbud Sp. z o.o.', vatId: '9512345675' }));
    expect(details.checkoutType).toBe(checkoutType);
    expect(details.invoice).toMatchObject(
      invoiced ? { customCompany: 'Instalbud Sp. z o.o.', customTaxId: '9512345675' } : { customCompany: '', customTaxId: '' },
    );
  });

  test('the default address into an empty fieldset keeps invoice data typed already', () => {
    const details = filledDetails((d) => {
      d.checkoutType = 'company';
      d.invoice.customTaxId = '5261040828';
    });
    applySavedAddress(details, 'shipping', saved({ company: 'Instalbud Sp. z o.o.', vatId: '9512345675' }), 'prefill');
    expect(details.invoice.customTaxId).toBe('5261040828');
  });

  test('"Nowy adres" empties the address (the names stay)', () => {
    const details = filledDetails();
    clearAddress(details, 'shipping');
    expect(isAddressEmpty(details.shipping)).toBe(true);
    expect(details.shipping.firstName).toBe('Anna');
    expect(isAddressEmpty(emptyDetails(0).shipping)).toBe(true);
    expect(isAddressEmpty(filledDetails().shipping)).toBe(false);
  });

  test('the choice names an address in one line', () => {
    expect(addressSummary(saved())).toBe('Jan Nowak, ul. Lipowa 7/2, 80-001 Gdańsk');
    expect(addressSummary(saved({ company: 'Instalbud', street: ['ul. Lipowa', '7'] }))).toBe('Jan Nowak, Instalbud, ul. Lipowa 7, 80-001 Gdańsk');
  });
});
