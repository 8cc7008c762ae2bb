import { applicableCoupon, DEMO_COUPONS } from './coupons';
import { paymentMethodsFor } from './payment';
import { fitsLockerCompartment, fitsParcelLocker, FREE_DELIVERY_FROM, shippingMethodsFor, type ShippingItem } from './shipping';
import { cartTotals, couponDiscount, includedVat } from './totals';

const coupon = (code: string) => DEMO_COUPONS.find((candidate) => candidate.code === code)!;

describe('coupons: code, dates, minimum', () => {
  test.each<[string, number, string, string | null]>([
    ['NEWSLETTER10', 10, '2026-11-21', 'NEWSLETTER10'],
    [' newsletter10 ', 10, '2026-11-21', 'NEWSLETTER10'], // case and spaces do not matter
    ['ZIMA15', 500, '2026-11-01', 'ZIMA15'], // first valid day
    ['ZIMA15', 500, '2026-10-31', null], // not yet
    ['ZIMA15', 500, '2027-02-28', 'ZIMA15'], // last valid day
    ['ZIMA15', 500, '2027-03-01', null],
    ['JESIEN2025', 500, '2026-11-21', null], // expired
    ['RABAT100', 999.99, '2026-11-21', null], // below its minimum
    ['RABAT100', 1000, '2026-11-21', 'RABAT100'],
    ['DOSTAWA0', 0, '2026-11-21', 'DOSTAWA0'],
    ['NIEMA', 500, '2026-11-21', null],
    ['', 500, '2026-11-21', null],
  ])('%j on a %d zł cart on %s → %s', (code, subtotal, today, expected) => {
    expect(applicableCoupon(code, subtotal, today)?.code ?? null).toBe(expected);
  });
});

describe('discounts and totals', () => {
  test.each<[string | null, number, number]>([
    ['NEWSLETTER10', 1299, -129.9],
    ['NEWSLETTER10', 333.33, -33.33],
    ['ZIMA15', 2000, -300],
    ['RABAT100', 1000, -100],
    ['RABAT100', 60, -60], // never more than the subtotal
    ['DOSTAWA0', 1000, 0],
    [null, 1000, 0],
  ])('%s on %d zł → %d zł', (code, subtotal, discount) => {
    expect(couponDiscount(code ? coupon(code) : null, subtotal)).toBe(discount);
  });

  test.each([
    [123, 23],
    [1229.99, 230],
    [0, 0],
    [9.99, 1.87],
  ])('VAT in %d zł gross = %d zł', (gross, vat) => {
    expect(includedVat(gross)).toBe(vat);
  });

  test('segments: subtotal, discount, shipping, payment fee, VAT, grand total', () => {
    const totals = cartTotals({
      rowTotals: [1299, 2 * 89.5],
      coupon: coupon('NEWSLETTER10'),
      shipping: { title: 'Kurier', price: 29 },
      payment: { title: 'Płatność przy odbiorze', fee: 9.99 },
    });
    expect(totals).toMatchObject({
      subtotal_incl_tax: 1478,
      discount_amount: -147.8,
      shipping_incl_tax: 29,
      payment_fee_incl_tax: 9.99,
      grand_total: 1369.19,
      coupon_code: 'NEWSLETTER10',
    });
    expect(totals.total_segments.map((segment) => [segment.code, segment.value])).toEqual([
      ['subtotal', 1478],
      ['discount', -147.8],
      ['shipping', 29],
      ['payment', 9.99],
      ['tax', 256.03],
      ['grand_total', 1369.19],
    ]);
    expect(totals.total_segments[1].title).toBe('Rabat (NEWSLETTER10)');
  });

  test('an empty cart, no methods chosen yet: zeros and no shipping or payment lines', () => {
    const totals = cartTotals({ rowTotals: [], coupon: null, shipping: null, payment: null });
    expect(totals.total_segments.map((segment) => segment.code)).toEqual(['subtotal', 'tax', 'grand_total']);
    expect(totals.grand_total).toBe(0);
  });
});

const radiator: ShippingItem = { qty: 1, weight: 14.5, width: 500, height: 1200, depth: 30, isVirtual: false };
const valve: ShippingItem = { qty: 2, weight: 0.4, isVirtual: false };
const service: ShippingItem = { qty: 1, isVirtual: true };

describe('parcel locker: every unit fits 41 × 38 × 64 cm and the parcel weighs ≤ 25 kg', () => {
  test.each<[string, ShippingItem, boolean]>([
    ['a valve without dimensions', valve, true],
    ['a 400 × 600 towel rail, 9 cm deep', { qty: 1, width: 400, height: 600, depth: 90, isVirtual: false }, true],
    ['640 mm on its long side', { qty: 1, width: 380, height: 640, depth: 100, isVirtual: false }, true],
    ['641 mm on its long side', { qty: 1, width: 380, height: 641, depth: 100, isVirtual: false }, false],
    ['a 500 × 1200 ladder', radiator, false],
  ])('%s → %s', (_name, item, fits) => {
    expect(fitsLockerCompartment(item)).toBe(fits);
  });

  test.each<[string, ShippingItem[], boolean]>([
    ['valves', [valve], true],
    ['valves and a service', [valve, service], true],
    ['a radiator', [radiator], false],
    ['25 kg of small parts', [{ qty: 50, weight: 0.5, isVirtual: false }], true],
    ['25.1 kg of small parts', [{ qty: 1, weight: 25.1, isVirtual: false }], false],
  ])('%s → %s', (_name, items, fits) => {
    expect(fitsParcelLocker(items)).toBe(fits);
  });
});

describe('shipping methods', () => {
  const byCode = (methods: ReturnType<typeof shippingMethodsFor>) =>
    Object.fromEntries(methods.map((method) => [method.method_code, [method.price_incl_tax, method.available]]));

  test.each<[string, Parameters<typeof shippingMethodsFor>[0], Record<string, [number, boolean]>]>([
    [
      'a radiator below the threshold',
      { items: [radiator], subtotalAfterDiscount: 4999.99, freeShippingCoupon: false },
      { courier: [29, true], locker: [16.99, false], flatrateone: [99, true], flatratefive: [0, true] },
    ],
    [
      'a radiator at the threshold: courier free',
      { items: [radiator], subtotalAfterDiscount: FREE_DELIVERY_FROM, freeShippingCoupon: false },
      { courier: [0, true], locker: [16.99, false], flatrateone: [99, true], flatratefive: [0, true] },
    ],
    [
      'valves with the free-shipping coupon',
      { items: [valve], subtotalAfterDiscount: 80, freeShippingCoupon: true },
      { courier: [0, true], locker: [0, true], flatrateone: [99, true], flatratefive: [0, true] },
    ],
    [
      'valves',
      { items: [valve], subtotalAfterDiscount: 80, freeShippingCoupon: false },
      { courier: [29, true], locker: [16.99, true], flatrateone: [99, true], flatratefive: [0, true] },
    ],
    [
      'services only: nothing to ship',
      { items: [service], subtotalAfterDiscount: 300, freeShippingCoupon: false },
      { virtual: [0, true], courier: [29, false], locker: [16.99, false], flatrateone: [99, false], flatratefive: [0, false] },
    ],
  ])('%s', (_name, context, expected) => {
    const methods = shippingMethodsFor(context);
    expect(byCode(methods)).toEqual(expected);
    for (const method of methods.filter((candidate) => !candidate.available)) {
      expect(method.unavailable_reason).toBe(context.items.some((item) => !item.isVirtual) ? 'does-not-fit-locker' : 'nothing-to-ship');
      expect(method.error_message).toBeTruthy();
    }
  });
});

test('payment methods: every §9 method; cash on delivery only when something is delivered', () => {
  expect(paymentMethodsFor({ allVirtual: false }).map((method) => method.code)).toEqual([
    'payu_gateway',
    'payu_blik',
    'payu_card',
    'payu_installments',
    'payu_paylater',
    'banktransfer',
    'cashondelivery',
    'payinstore',
  ]);
  expect(paymentMethodsFor({ allVirtual: true }).map((method) => method.code)).not.toContain('cashondelivery');
});
