import { ApiError } from '../http/envelope';
import { profilePatch } from './profile';

const ADDRESS = { firstname: 'Anna', lastname: 'Kowalska', street: ['ul. Grzewcza 7'], city: 'Kraków', postcode: '30-001', country_id: 'PL' };

describe('the profile allow-list', () => {
  test('reads names, e-mail, addresses, defaults and the newsletter flag; nothing else', () => {
    const patch = profilePatch({
      firstname: ' Ewa ',
      email: 'Ewa@Example.PL',
      extension_attributes: { is_subscribed: false },
      default_billing: '7',
      addresses: [{ ...ADDRESS, id: '7', countryId: 'pl', default_shipping: true }],
      ...{ id: 99, group_id: 2, password_hash: 'x', created_at: '2000-01-01', store_id: 3 },
    } as never);
    expect(patch).toEqual({
      firstname: 'Ewa',
      email: 'ewa@example.pl',
      newsletter: false,
      defaultBilling: '7',
      addresses: [
        { id: 7, defaultShipping: true, defaultBilling: false, address: { ...ADDRESS, telephone: undefined, company: undefined, vat_id: undefined } },
      ],
    });
  });

  test('VSF address spellings: countryId, a street as one string, Poland by default', () => {
    const [entry] = profilePatch({ addresses: [{ ...ADDRESS, country_id: undefined, street: 'ul. Długa 1' }] }).addresses!;
    expect(entry.address).toMatchObject({ country_id: 'PL', street: ['ul. Długa 1'] });
  });

  test.each<[string, object, string]>([
    ['a bad postcode', { addresses: [{ ...ADDRESS, postcode: '30 001' }] }, 'customer.addresses[0]: Enter the zip code in the xx-xxx format'],
    ['a second bad address', { addresses: [ADDRESS, { ...ADDRESS, telephone: '123' }] }, 'customer.addresses[1]: The phone number you entered is incorrect'],
    ['a bad NIP', { addresses: [{ ...ADDRESS, vat_id: '1234567890' }] }, 'customer.addresses[0]: The tax identification number (NIP) is not valid'],
    [
      'an id twice',
      {
        addresses: [
          { ...ADDRESS, id: 1 },
          { ...ADDRESS, id: '1' },
        ],
      },
      'customer.addresses: an address id appears twice',
    ],
    ['a bad id', { addresses: [{ ...ADDRESS, id: -1 }] }, 'customer.addresses[0].id must be an address id'],
    ['21 addresses', { addresses: Array(21).fill(ADDRESS) }, 'customer.addresses: at most 20 addresses'],
    ['a surname with digits', { lastname: 'K0walska' }, 'customer.lastname: First name and Surname can only contain letters'],
  ])('refuses %s', (_name, body, message) => {
    expect(() => profilePatch(body)).toThrow(new ApiError(400, message));
  });
});
