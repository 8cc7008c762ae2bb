import type {
  CartTotals,
  CmsBlock,
  CmsBlockPage,
  Company,
  CreatedCustomer,
  PaymentMethod,
  PlacedOrder,
  ShippingMethod,
  ShopperOrder,
} from '@kaloryfer/api-contract';

/**
 * What the checkout's tests answer at the fetch boundary for the shop API, typed by the API's
 * contract (shared/api-contract) so a fake cannot drift from what the API sends. One cart: a
 * thermostatic valve (239 zł) sent by courier (29 zł), paid by bank transfer: 268 zł.
 */

export const COURIER: ShippingMethod = {
  carrier_code: 'courier',
  method_code: 'courier',
  method_title: 'Kurier',
  carrier_title: 'Kurier',
  amount: 29,
  price_incl_tax: 29,
  available: true,
};
export const LOCKER_UNAVAILABLE: ShippingMethod = {
  carrier_code: 'inpost',
  method_code: 'locker',
  method_title: 'Paczkomat',
  carrier_title: 'InPost',
  amount: 16.99,
  price_incl_tax: 16.99,
  available: false,
  unavailable_reason: 'does-not-fit-locker',
  error_message: 'Nie mieści się w paczkomacie (maks. 41 × 38 × 64 cm, 25 kg).',
};

export const BANK_TRANSFER: PaymentMethod = { code: 'banktransfer', title: 'Przelew tradycyjny', cost_incl_tax: 0, offline: true, is_server_method: true };
export const CASH_ON_DELIVERY: PaymentMethod = {
  code: 'cashondelivery',
  title: 'Płatność przy odbiorze',
  cost_incl_tax: 9.99,
  offline: true,
  is_server_method: true,
};

/** `cart/collect-totals` with the courier and the bank transfer chosen. */
export const TOTALS: CartTotals = {
  subtotal_incl_tax: 239,
  discount_amount: 0,
  coupon_code: null,
  shipping_incl_tax: 29,
  payment_fee_incl_tax: 0,
  tax_amount: 50.11,
  grand_total: 268,
  total_segments: [
    { code: 'subtotal', title: 'Wartość produktów', value: 239 },
    { code: 'shipping', title: 'Dostawa (Kurier)', value: 29 },
    { code: 'tax', title: 'W tym VAT 23%', value: 50.11 },
    { code: 'grand_total', title: 'Do zapłaty', value: 268 },
  ],
  items: [{ item_id: 5, sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, price_incl_tax: 239, row_total_incl_tax: 239, options: [] }],
  shipping_method: 'courier_courier',
  payment_method: 'banktransfer',
};

/** `POST /api/order`'s answer for an order paid by bank transfer, placed under the checkout's client order id. */
export const placedOrder = (clientOrderId: string): PlacedOrder => ({
  orderNumber: '000000042',
  backendOrderId: 42,
  clientOrderId,
  status: 'processing',
  paymentState: 'offline',
  grandTotal: 268,
  created: true,
});

/** `GET /api/order/status`: the same order as its shopper sees it. */
export const SHOPPER_ORDER: ShopperOrder = {
  orderNumber: '000000042',
  status: 'processing',
  paymentState: 'offline',
  email: 'anna@example.pl',
  createdAt: '2025-01-15T10:30:00.000Z',
  paymentMethod: { code: 'banktransfer', title: 'Przelew tradycyjny', offline: true },
  shippingMethod: { code: 'courier_courier', title: 'Kurier' },
  grandTotal: 268,
  segments: TOTALS.total_segments,
  items: [{ sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, priceInclTax: 239, rowTotalInclTax: 239, options: [] }],
  shippingAddress: {
    firstname: 'Anna',
    lastname: 'Kowalska',
    street: ['ul. Kwiatowa 12/4'],
    postcode: '30-001',
    city: 'Kraków',
    country_id: 'PL',
    telephone: '+48601234567',
    email: 'anna@example.pl',
  },
  billingAddress: {
    firstname: 'Anna',
    lastname: 'Kowalska',
    street: ['ul. Kwiatowa 12/4'],
    postcode: '30-001',
    city: 'Kraków',
    country_id: 'PL',
    telephone: '+48601234567',
  },
};

/** `POST /api/user/create`'s answer. */
export const CREATED_CUSTOMER: CreatedCustomer = { id: 9, email: 'anna@example.pl', firstname: 'Anna', lastname: 'Kowalska', group_id: 1 };

export const CHECKOUT_TERMS: CmsBlock = {
  id: 9,
  identifier: 'checkout-terms',
  title: 'Regulamin',
  content: 'Składając zamówienie akceptujesz regulamin sklepu i politykę prywatności.',
  active: true,
};
/** `GET /api/cms/blocks?like=checkout-` answering these blocks. */
export const blockPage = (items: CmsBlock[]): CmsBlockPage => ({ items, total: items.length, start: 0, perPage: 150 });

export const COMPANY: Company = {
  nip: '9512345675',
  regon: '147182932',
  name: 'Instalbud Sp. z o.o.',
  street: 'ul. Grzewcza',
  buildingNumber: '12',
  flatNumber: '4',
  postcode: '02-797',
  city: 'Warszawa',
};
