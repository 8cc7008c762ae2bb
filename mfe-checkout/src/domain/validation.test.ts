import { filledDetails } from './testing/fixtures';
import { nipProblem, paymentProblems, personalProblems, phoneProblem, regonProblem, reviewProblems, shippingProblems, zipProblem } from './validation';

describe('single fields', () => {
  test.each<[string, string | null]>([
    ['30-001', null],
    [' 00-950 ', null],
    ['30001', 'Enter the zip code in the xx-xxx format'],
    ['3-0001', 'Enter the zip code in the xx-xxx format'],
    ['ab-cde', 'Enter the zip code in the xx-xxx format'],
    ['', 'Field is required'],
  ])('zip %j → %s', (value, problem) => expect(zipProblem(value)).toBe(problem));

  test.each<[string, string | null]>([
    ['601 234 567', null],
    ['+48 601-234-567', null],
    ['0048601234567', null],
    ['601234567', null],
    ['60123456', 'The phone number you entered is incorrect'],
    ['+49 601 234 567', 'The phone number you entered is incorrect'],
    ['tel. 601', 'The phone number you entered is incorrect'],
    ['', 'Field is required'],
  ])('phone %j → %s', (value, problem) => expect(phoneProblem(value)).toBe(problem));

  test.each<[string, string | null]>([
    ['5261040828', null],
    ['526-104-08-28', null],
    ['526 104 08 28', null],
    ['5261040827', 'checkout.error.nipChecksum'], // one digit off
    ['1234567890', 'checkout.error.nipChecksum'], // remainder 10 is never valid… or a wrong check digit
    ['526104082', 'Tax identification number must have 10 letters'],
    ['52610408281', 'Tax identification number must have 10 letters'],
    ['PL5261040828', 'Tax identification number must have 10 letters'],
    ['', 'Field is required'],
  ])('NIP %j → %s', (value, problem) => expect(nipProblem(value)).toBe(problem));

  test.each<[string, string | null]>([
    ['', null],
    ['000331501', null],
    ['147182932', null],
    ['12345678512347', null],
    ['000331502', 'checkout.error.regon'],
    ['12345', 'checkout.error.regon'],
    ['1234567851234', 'checkout.error.regon'],
  ])('REGON %j → %s', (value, problem) => expect(regonProblem(value)).toBe(problem));
});

describe('steps', () => {
  test('a filled checkout has no problems anywhere', () => {
    const details = filledDetails();
    expect([personalProblems(details, ''), shippingProblems(details), paymentProblems(details), reviewProblems(details)]).toEqual([{}, {}, {}, {}]);
  });

  test.each<[string, Parameters<typeof filledDetails>[0], string, Record<string, string>]>([
    [
      'a one-letter name',
      (d) => {
        d.personal.firstName = 'A';
      },
      '',
      { 'personal.firstName': 'Name must have at least 2 letters' },
    ],
    [
      'digits in a surname',
      (d) => {
        d.personal.lastName = 'K0walska';
      },
      '',
      { 'personal.lastName': 'First name and Surname can only contain letters' },
    ],
    [
      'a bad e-mail',
      (d) => {
        d.personal.emailAddress = 'anna@';
      },
      '',
      { 'personal.emailAddress': 'Please provide valid e-mail address' },
    ],
    [
      'an account without a password',
      (d) => {
        d.personal.createAccount = true;
      },
      '',
      { 'personal.password': 'Field is required' },
    ],
    [
      'an account with a short password',
      (d) => {
        d.personal.createAccount = true;
      },
      'krótkie',
      { 'personal.password': 'Password must have at least 8 letters' },
    ],
    [
      'an account with a good password',
      (d) => {
        d.personal.createAccount = true;
      },
      'kaloryfer123',
      {},
    ],
    [
      'a company without its data',
      (d) => {
        d.checkoutType = 'company';
      },
      '',
      { 'invoice.customCompany': 'Field is required', 'invoice.customTaxId': 'Field is required' },
    ],
    [
      'a company with a bad NIP and REGON',
      (d) => {
        d.checkoutType = 'company';
        d.invoice.customCompany = 'Instalbud';
        d.invoice.customTaxId = '9512345676';
        d.invoice.customRegon = '147182933';
      },
      '',
      { 'invoice.customTaxId': 'checkout.error.nipChecksum', 'invoice.customRegon': 'checkout.error.regon' },
    ],
    [
      'a private person ignores company fields',
      (d) => {
        d.invoice.customTaxId = 'nonsense';
      },
      '',
      {},
    ],
  ])('personal: %s', (_label, change, password, problems) => {
    expect(personalProblems(filledDetails(change), password)).toEqual(problems);
  });

  test.each<[string, Parameters<typeof filledDetails>[0], Record<string, string>]>([
    [
      'no house number',
      (d) => {
        d.shipping.apartmentNumber = ' ';
      },
      { 'shipping.apartmentNumber': 'Field is required' },
    ],
    [
      'a zip without the dash',
      (d) => {
        d.shipping.zipCode = '30001';
      },
      { 'shipping.zipCode': 'Enter the zip code in the xx-xxx format' },
    ],
    [
      'a wrong delivery phone',
      (d) => {
        d.shipping.phoneNumber = '123';
      },
      { 'shipping.phoneNumber': 'The phone number you entered is incorrect' },
    ],
    [
      'no shipping method',
      (d) => {
        d.shipping.shippingMethod = null;
      },
      { 'shipping.shippingMethod': 'Field is required' },
    ],
    [
      'a street too long',
      (d) => {
        d.shipping.streetAddress = 'x'.repeat(151);
      },
      { 'shipping.streetAddress': 'Value is too long' },
    ],
  ])('shipping: %s', (_label, change, problems) => {
    expect(shippingProblems(filledDetails(change))).toEqual(problems);
  });

  test.each<[string, Parameters<typeof filledDetails>[0], Record<string, string>]>([
    [
      'no payment method',
      (d) => {
        d.payment.paymentMethod = null;
      },
      { 'payment.paymentMethod': 'Field is required' },
    ],
    [
      'its own billing address, empty city',
      (d) => {
        d.payment.sameAsShipping = false;
        d.payment.city = '';
      },
      { 'payment.city': 'Field is required' },
    ],
    [
      'the same address: the billing fields are not asked',
      (d) => {
        d.payment.city = '';
      },
      {},
    ],
  ])('payment: %s', (_label, change, problems) => {
    expect(paymentProblems(filledDetails(change))).toEqual(problems);
  });

  test('review: the terms must be accepted', () => {
    expect(
      reviewProblems(
        filledDetails((d) => {
          d.termsAccepted = false;
        }),
      ),
    ).toEqual({ termsAccepted: 'You must accept the terms and conditions' });
  });
});
