import { afterOrder, CHECKOUT_ACTIVITY_WINDOW_MS, emptyDetails, isInCheckout, newClientOrderId, resumeDetails } from './details';
import { filledDetails } from './testing/fixtures';
import { orderBody, orderFailureMessage, streetLine } from './order';
import { reachableStep, stepFromHash } from './steps';

const at = Date.parse('2026-11-21T12:00:00Z');
const minutes = (n: number) => n * 60 * 1000;

describe('the 30-minute checkout window (spec §4, §9)', () => {
  test.each<[number, boolean]>([
    [0, true],
    [29, true],
    [30, true],
    [30.01, false],
    [120, false],
    [-5, false],
  ])('changed %d minutes ago → in checkout: %s', (ago, inCheckout) => {
    expect(isInCheckout({ modifiedAt: at - minutes(ago) }, at)).toBe(inCheckout);
  });
  test("the window is the spec's 30 minutes", () => expect(CHECKOUT_ACTIVITY_WINDOW_MS).toBe(minutes(30)));

  test("inside the window everything comes back; after it names and addresses stay, the visit's choices start over", () => {
    const stored = { ...filledDetails(), clientOrderId: 'abc12345', modifiedAt: at - minutes(10) };
    expect(resumeDetails(stored, at)).toEqual(stored);
    const later = resumeDetails({ ...stored, modifiedAt: at - minutes(31) }, at);
    expect(later).toMatchObject({ personal: stored.personal, termsAccepted: false, clientOrderId: null, modifiedAt: at });
    expect([later.shipping.shippingMethod, later.payment.paymentMethod]).toEqual([null, null]);
    expect(later.shipping.streetAddress).toBe('ul. Kwiatowa');
  });

  test.each([[null], ['rubbish'], [{ personal: null }]])('stored %j → a fresh checkout', (stored) => {
    expect(resumeDetails(stored as never, at)).toEqual(emptyDetails(at));
  });

  test('after an order: createAccount, terms and the order id are spent; names and addresses stay', () => {
    const after = afterOrder(
      {
        ...filledDetails((d) => {
          d.personal.createAccount = true;
        }),
        clientOrderId: 'abc12345',
      },
      at,
    );
    expect(after).toMatchObject({ termsAccepted: false, clientOrderId: null, personal: { createAccount: false, firstName: 'Anna' } });
  });

  test('client order ids are 32 hex characters, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientOrderId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('step gating (variant a)', () => {
  test.each<[string, Parameters<typeof filledDetails>[0], string]>([
    ['#orderReview', () => {}, 'orderReview'],
    [
      '#orderReview',
      (d) => {
        d.personal.emailAddress = '';
      },
      'personal',
    ], // a bookmark cannot skip step 1
    [
      '#orderReview',
      (d) => {
        d.shipping.shippingMethod = null;
      },
      'shipping',
    ],
    [
      '#orderReview',
      (d) => {
        d.payment.paymentMethod = null;
      },
      'payment',
    ],
    [
      '#orderReview',
      (d) => {
        d.termsAccepted = false;
      },
      'orderReview',
    ], // the review step itself asks for the terms
    [
      '#payment',
      (d) => {
        d.payment.paymentMethod = null;
      },
      'payment',
    ],
    [
      '#shipping',
      (d) => {
        d.personal.firstName = '';
      },
      'personal',
    ],
    [
      '',
      (d) => {
        d.personal.firstName = '';
      },
      'personal',
    ],
    ['#nonsense', () => {}, 'personal'],
  ])('%s → %s', (hash, change, step) => {
    expect(reachableStep(stepFromHash(hash), filledDetails(change), '')).toBe(step);
  });
});

describe('the order request', () => {
  test('a private person: addresses in the server form, e-mail on the shipping address, no prices', () => {
    const body = orderBody(filledDetails(), 'cart-123', 'order-abc');
    expect(body.order).toEqual({
      order_id: 'order-abc',
      cart_id: 'cart-123',
      addressInformation: {
        shippingAddress: {
          firstname: 'Anna',
          lastname: 'Kowalska',
          street: ['ul. Kwiatowa 12/4'],
          city: 'Kraków',
          postcode: '30-001',
          country_id: 'PL',
          telephone: '+48601234567',
          email: 'anna@example.pl',
        },
        billingAddress: {
          firstname: 'Anna',
          lastname: 'Kowalska',
          street: ['ul. Kwiatowa 12/4'],
          city: 'Kraków',
          postcode: '30-001',
          country_id: 'PL',
          telephone: '+48601234567',
        },
        shipping_carrier_code: 'courier',
        shipping_method_code: 'courier',
        payment_method_code: 'payu_gateway',
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/price|total/);
  });

  test('a company: its name, NIP (digits only) and REGON on the billing address, an invoice wanted', () => {
    const body = orderBody(
      filledDetails((d) => {
        d.checkoutType = 'company';
        d.invoice = { customUseGenerateInvoice: false, customCompany: 'Instalbud Sp. z o.o.', customTaxId: '951-234-56-75', customRegon: '147182932' };
        d.payment = {
          ...d.payment,
          sameAsShipping: false,
          streetAddress: 'ul. Grzewcza',
          apartmentNumber: '12',
          flatNumber: '',
          zipCode: '02-797',
          city: 'Warszawa',
        };
      }),
      'cart-123',
      'order-abc',
    );
    expect(body.order.addressInformation.billingAddress).toMatchObject({
      company: 'Instalbud Sp. z o.o.',
      vat_id: '9512345675',
      custom_regon: '147182932',
      custom_use_generate_invoice: true,
      street: ['ul. Grzewcza 12'],
      city: 'Warszawa',
      postcode: '02-797',
    });
  });

  test.each([
    [{ streetAddress: 'ul. Długa', apartmentNumber: '5', flatNumber: '' }, 'ul. Długa 5'],
    [{ streetAddress: ' Rynek ', apartmentNumber: ' 1 ', flatNumber: ' 2a ' }, 'Rynek 1/2a'],
  ])('street line %j → %s', (address, line) => expect(streetLine(address)).toBe(line));

  test.each<[number, string, string]>([
    [409, 'Some of the ordered products are not available', 'Some of the ordered products are not available'],
    [400, 'Enter the zip code in the xx-xxx format', 'Enter the zip code in the xx-xxx format'],
    [400, 'The tax identification number (NIP) is not valid', 'checkout.error.nipChecksum'],
    [400, 'We deliver in Poland only (country_id PL)', 'checkout.error.onlyPoland'],
    [400, 'Payment method payu_applepay is not available for the cart', 'checkout.error.methodUnavailable'],
    [500, 'Internal Server Error', 'Something went wrong'],
    [0, 'Failed to fetch', 'You are offline'],
  ])('the API answering %d %j → %s', (status, message, shown) => {
    expect(orderFailureMessage(status, message)).toBe(shown);
  });
});
