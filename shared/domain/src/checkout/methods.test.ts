import { PAYMENT_METHODS } from '../cart/payment';
import { shippingMethodsFor } from '../cart/shipping';
import { availableShippingMethods, chooseMethod, INSTANT_CHECKOUT_METHODS, mergePaymentMethods, paymentAllowed, shippingCodeOf } from './methods';

const radiator = { qty: 1, weight: 30, width: 600, height: 1800, depth: 100, isVirtual: false };
const valve = { qty: 2, weight: 0.3, width: 60, height: 90, depth: 40, isVirtual: false };
const service = { qty: 1, isVirtual: true };

describe('shipping methods offered at checkout', () => {
  test.each<[string, Parameters<typeof shippingMethodsFor>[0]['items'], string[]]>([
    ['a radiator (too big for a locker)', [radiator], ['courier_courier', 'flatrateone_flatrateone', 'flatratefive_flatratefive']],
    ['valves (fit a locker)', [valve], ['courier_courier', 'inpost_locker', 'flatrateone_flatrateone', 'flatratefive_flatratefive']],
    ['a service only', [service], ['virtual_virtual']],
  ])('%s', (_label, items, codes) => {
    const offered = availableShippingMethods(shippingMethodsFor({ items, subtotalAfterDiscount: 100, freeShippingCoupon: false }));
    expect(offered.map(shippingCodeOf)).toEqual(codes);
  });
});

describe('the chosen method', () => {
  const methods = [{ code: 'a' }, { code: 'b', default: true }, { code: 'c' }];
  test.each<[typeof methods, string | null, string | null]>([
    [methods, null, 'b'], // nothing chosen → the default
    [methods, 'c', 'c'], // the shopper's choice stays
    [methods, 'gone', 'b'], // a choice no longer offered → the default
    [[{ code: 'a' }, { code: 'c' }], null, 'a'], // no default → the first
    [[], 'a', null], // nothing offered
  ])('%j with %s chosen → %s', (offered, chosen, expected) => {
    expect(chooseMethod(offered, chosen, (method) => method.code)).toBe(expected);
  });
});

describe('payment methods: merged, unique, ruled', () => {
  const codes = (methods: { code: string }[]) => methods.map((method) => method.code);
  const server = [...PAYMENT_METHODS];

  test('server methods first, then the client-only wallets; a client method the server also lists appears once', () => {
    const merged = mergePaymentMethods(server, [...INSTANT_CHECKOUT_METHODS, PAYMENT_METHODS[0]], { allVirtual: false, shippingCode: 'courier_courier' });
    expect(codes(merged)).toEqual([...codes(server), 'payu_googlepay', 'payu_applepay']);
  });

  test.each<[string, boolean, string | null, boolean]>([
    ['cashondelivery', false, 'courier_courier', true],
    ['cashondelivery', true, 'virtual_virtual', false], // all virtual: nothing to pay on delivery
    ['banktransfer', true, 'virtual_virtual', true],
    ['payu_googlepay', false, 'courier_courier', true],
    ['payu_googlepay', false, 'flatrateone_flatrateone', false], // §9: wallets exclude flatrateone
    ['payu_applepay', false, 'flatrateone_flatrateone', false],
    ['payu_applepay', false, null, true], // no shipping chosen yet
    ['payu_gateway', false, 'flatrateone_flatrateone', true], // only wallets are excluded
  ])('%s (all virtual: %s, shipping %s) → %s', (code, allVirtual, shippingCode, allowed) => {
    expect(paymentAllowed(code, { allVirtual, shippingCode })).toBe(allowed);
    const merged = mergePaymentMethods(server, INSTANT_CHECKOUT_METHODS, { allVirtual, shippingCode });
    expect(codes(merged).includes(code)).toBe(allowed);
  });
});
