import type { OrderBody, OrderBodyAddress } from '@kaloryfer/api-contract';
import { normalisePhone } from '@kaloryfer/domain';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import type { AddressFields, CheckoutDetails } from './details';
import type { CheckoutProblem } from './validation';

/** The spec messages the order API answers with (api/src/orders/orders.ts, shared person rules). */
const ORDER_API_MESSAGES: ReadonlySet<string> = new Set<SpecMessage>([
  'Shopping cart is empty, add products before entering Checkout',
  'Some of the ordered products are not available',
  'Field is required',
  'Enter the zip code in the xx-xxx format',
  'The phone number you entered is incorrect',
  'Name must have at least 2 letters',
  'First name and Surname can only contain letters',
  'Please provide valid e-mail address',
  'Value is too long',
]);

/** "ul. Kwiatowa 12/4": street, house number, flat number after a slash (how Polish addresses are written). */
export function streetLine(address: Pick<AddressFields, 'streetAddress' | 'apartmentNumber' | 'flatNumber'>): string {
  const house = address.apartmentNumber.trim() + (address.flatNumber.trim() ? `/${address.flatNumber.trim()}` : '');
  return `${address.streetAddress.trim()} ${house}`.trim();
}

/** An address as the order API takes it (docs/vsf-contract.md, server form of spec §3): always Poland. */
function serverAddress(address: AddressFields, phone: string): OrderBodyAddress {
  const telephone = normalisePhone(address.phoneNumber || phone);
  return {
    firstname: address.firstName.trim(),
    lastname: address.lastName.trim(),
    street: [streetLine(address)],
    city: address.city.trim(),
    postcode: address.zipCode.trim(),
    country_id: 'PL',
    ...(telephone ? { telephone } : {}),
  };
}

type AddressInformation = OrderBody['addressInformation'];

/**
 * `POST /api/order` as the checkout sends it: the contract's order wrapped as `{order}` (the API
 * unwraps it), always with the checkout's own client order id and both addresses, and only the
 * fields the checkout fills.
 */
export interface OrderRequest {
  order: Required<Pick<OrderBody, 'order_id' | 'cart_id'>> & {
    addressInformation: Required<
      Pick<AddressInformation, 'shippingAddress' | 'billingAddress' | 'shipping_carrier_code' | 'shipping_method_code' | 'payment_method_code'>
    >;
  };
}

/**
 * The order request: the shipping address carries the e-mail, the billing address the invoice
 * data (a company's name and NIP; REGON and "invoice wanted" travel as extra fields). No prices:
 * the server prices the cart itself.
 */
export function orderBody(details: CheckoutDetails, cartId: string, clientOrderId: string): OrderRequest {
  const phone = details.personal.phoneNumber;
  const shipping = serverAddress(details.shipping, phone);
  const billingBase = details.payment.sameAsShipping ? serverAddress(details.shipping, phone) : serverAddress(details.payment, phone);
  const company = details.checkoutType === 'company';
  const billing = {
    ...billingBase,
    ...(company ? { company: details.invoice.customCompany.trim(), vat_id: details.invoice.customTaxId.replace(/[\s-]/g, '') } : {}),
    ...(company || details.invoice.customUseGenerateInvoice
      ? {
          custom_use_generate_invoice: true,
          ...(company && details.invoice.customRegon.trim() ? { custom_regon: details.invoice.customRegon.replace(/[\s-]/g, '') } : {}),
        }
      : {}),
  };
  const [carrier, ...method] = (details.shipping.shippingMethod ?? '').split('_');
  return {
    order: {
      order_id: clientOrderId,
      cart_id: cartId,
      addressInformation: {
        shippingAddress: { ...shipping, email: details.personal.emailAddress.trim() },
        billingAddress: billing,
        shipping_carrier_code: carrier,
        shipping_method_code: method.join('_'),
        payment_method_code: details.payment.paymentMethod ?? '',
      },
    },
  };
}

export type OrderProblemKey = 'checkout.error.onlyPoland' | 'checkout.error.methodUnavailable' | 'checkout.error.nipChecksum';

/**
 * What to tell the shopper when the API refused the order. Spec messages come through as they
 * are (the API says them in the spec's words); its own English texts map to checkout keys;
 * anything else is 'Something went wrong' — or 'You are offline' when there was no answer.
 */
export function orderFailureMessage(status: number, message: string): CheckoutProblem | OrderProblemKey {
  if (status === 0) return 'You are offline';
  if (ORDER_API_MESSAGES.has(message)) return message as CheckoutProblem;
  if (/NIP/.test(message)) return 'checkout.error.nipChecksum';
  if (/Poland only/i.test(message)) return 'checkout.error.onlyPoland';
  if (/method .* is not available/i.test(message)) return 'checkout.error.methodUnavailable';
  return 'Something went wrong';
}
