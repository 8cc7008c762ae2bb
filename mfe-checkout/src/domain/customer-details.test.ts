import { NO_SESSION, type CustomerAddress, type SessionUser } from '@kaloryfer/contracts';
import { customerMarkOf, ownerCheck, parkedBelongTo, prefillFromProfile, restoreParked, startDetails } from './customer-details';
import { CHECKOUT_STORAGE_KEY, emptyDetails, type CheckoutDetails } from './details';
import { filledDetails } from './testing/fixtures';

const at = Date.parse('2026-11-21T12:05:00Z');
const home: CustomerAddress = {
  id: 3,
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Kwiatowa', '12/4'],
  city: 'Kraków',
  postcode: '30-001',
  countryId: 'PL',
  telephone: '+48601234567',
  defaultShipping: true,
  defaultBilling: false,
};
const office: CustomerAddress = {
  ...home,
  id: 4,
  street: ['ul. Biurowa', '1'],
  city: 'Warszawa',
  postcode: '00-001',
  defaultShipping: false,
  defaultBilling: true,
};
const anna: SessionUser = {
  id: 7,
  firstname: 'Anna',
  lastname: 'Kowalska',
  email: 'anna@example.pl',
  groupId: 1,
  addresses: [home, office],
  isSubscribed: false,
};
const signedIn = (user: SessionUser | null = anna) => ({ ...NO_SESSION, authorised: true, token: 't', user });
const customers = (id: number | null, changes: (d: CheckoutDetails) => void = () => {}) => ({
  ...filledDetails(changes),
  customer: { id },
  modifiedAt: at - 60_000,
});

describe('whose saved details these are', () => {
  test.each<[string, CheckoutDetails['customer'], ReturnType<typeof signedIn> | typeof NO_SESSION, 'keep' | 'park' | 'drop']>([
    ["a guest's, nobody signed in", null, NO_SESSION, 'keep'],
    ["a guest's, a customer signed in (they become theirs)", null, signedIn(), 'keep'],
    ["the customer's own", { id: 7 }, signedIn(), 'keep'],
    ["a customer's, the profile not known yet", { id: 7 }, signedIn(null), 'keep'],
    ["a customer's, no session (yet?)", { id: 7 }, NO_SESSION, 'park'],
    ["another customer's", { id: 8 }, signedIn(), 'drop'],
  ])('%s → %s', (_, customer, session, expected) => {
    expect(ownerCheck({ customer }, session)).toBe(expected);
  });

  test('saving stamps the customer signed in now, keeping their id while the profile loads', () => {
    expect(customerMarkOf(NO_SESSION, { id: 7 })).toBeNull();
    expect(customerMarkOf(signedIn())).toEqual({ id: 7 });
    expect(customerMarkOf(signedIn(null), { id: 7 })).toEqual({ id: 7 });
    expect(customerMarkOf(signedIn(null))).toEqual({ id: null });
  });

  test('parked details come back for their customer only', () => {
    expect(parkedBelongTo(customers(7), signedIn())).toBe(true);
    expect(parkedBelongTo(customers(7), signedIn({ ...anna, id: 8 }))).toBe(false);
    expect(parkedBelongTo(customers(7), NO_SESSION)).toBe(false);
  });
});

describe("a checkout that starts without the customer's session", () => {
  beforeEach(() => localStorage.clear());
  const store = (details: CheckoutDetails) => localStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(details));

  test("a customer's details are discarded from the browser and not shown; they are handed back parked", () => {
    store(customers(7));
    const { details, parked } = startDetails(at, NO_SESSION);
    expect(details).toEqual(emptyDetails(at));
    expect(localStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(parked).toMatchObject({ customer: { id: 7 }, personal: { emailAddress: 'anna@example.pl' } });
  });

  test("another customer's are discarded for good", () => {
    store(customers(8));
    expect(startDetails(at, signedIn())).toEqual({ details: emptyDetails(at), parked: null });
    expect(localStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  test.each<[string, CheckoutDetails, ReturnType<typeof signedIn> | typeof NO_SESSION]>([
    ["a guest's with nobody signed in", { ...filledDetails(), modifiedAt: at - 60_000 }, NO_SESSION],
    ["the customer's own with their session", customers(7), signedIn()],
  ])('%s stay', (_, stored, session) => {
    store(stored);
    expect(startDetails(at, session)).toEqual({ details: stored, parked: null });
    expect(localStorage.getItem(CHECKOUT_STORAGE_KEY)).not.toBeNull();
  });

  test('parked details come back whole into an untouched form, else only into empty fields', () => {
    const parked = customers(7);
    expect(restoreParked(emptyDetails(at), parked)).toEqual({ ...parked, modifiedAt: at });
    const typed = emptyDetails(at);
    typed.personal.firstName = 'Ania';
    const merged = restoreParked(typed, parked);
    expect(merged.personal).toMatchObject({ firstName: 'Ania', lastName: 'Kowalska', emailAddress: 'anna@example.pl' });
    expect(merged.shipping.streetAddress).toBe('ul. Kwiatowa');
  });
});

describe('the profile seeds checkout (spec §4)', () => {
  test('empty fields are filled: names, e-mail, the phone and the default delivery address; no account to create', () => {
    const before = emptyDetails(at);
    before.personal.createAccount = true;
    const after = prefillFromProfile(before, anna);
    expect(after.personal).toEqual({
      firstName: 'Anna',
      lastName: 'Kowalska',
      emailAddress: 'anna@example.pl',
      phoneNumber: '601 234 567',
      createAccount: false,
    });
    expect(after.shipping).toMatchObject({ streetAddress: 'ul. Kwiatowa', apartmentNumber: '12', flatNumber: '4', city: 'Kraków', zipCode: '30-001' });
    expect(after.payment.streetAddress).toBe(''); // billing is "the same as delivery"
  });

  test('what the shopper typed is never overwritten', () => {
    const typed = emptyDetails(at);
    typed.personal.firstName = 'Ania';
    typed.personal.emailAddress = 'ania@firma.pl';
    typed.shipping.city = 'Tarnów';
    const after = prefillFromProfile(typed, anna);
    expect(after.personal).toMatchObject({ firstName: 'Ania', lastName: 'Kowalska', emailAddress: 'ania@firma.pl' });
    expect(after.shipping).toMatchObject({ city: 'Tarnów', streetAddress: '' }); // an address begun is not replaced
  });

  test('a separate billing address gets the default billing address', () => {
    const after = prefillFromProfile({ ...emptyDetails(at), payment: { ...emptyDetails(at).payment, sameAsShipping: false } }, anna);
    expect(after.payment).toMatchObject({ streetAddress: 'ul. Biurowa', city: 'Warszawa' });
  });

  test("without saved addresses the delivery names start as the buyer's", () => {
    const after = prefillFromProfile(emptyDetails(at), { ...anna, addresses: [] });
    expect(after.shipping).toMatchObject({ firstName: 'Anna', lastName: 'Kowalska', streetAddress: '' });
  });

  test('nothing to fill → the same object (nothing is saved)', () => {
    const full = prefillFromProfile(emptyDetails(at), anna);
    expect(prefillFromProfile(full, anna)).toBe(full);
  });
});
