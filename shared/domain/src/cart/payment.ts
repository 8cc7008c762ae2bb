import type { PaymentMethod } from '@kaloryfer/api-contract';

export const CASH_ON_DELIVERY = 'cashondelivery';

/**
 * Payment methods of spec §9 (each the contract's `PaymentMethod`): cash on delivery, bank
 * transfer, pay in store, and the card gateway's variants (generic, card, instalments, deferred
 * pay, BLIK). Cash on delivery needs something delivered: it is left out for carts of services
 * and downloads only.
 */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { code: 'payu_gateway', title: 'Szybki przelew online (PayU)', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'payu_blik', title: 'BLIK', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'payu_card', title: 'Karta płatnicza', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'payu_installments', title: 'Raty PayU', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'payu_paylater', title: 'PayU – płacę później', cost_incl_tax: 0, offline: false, is_server_method: true },
  { code: 'banktransfer', title: 'Przelew tradycyjny', cost_incl_tax: 0, offline: true, is_server_method: true },
  { code: CASH_ON_DELIVERY, title: 'Płatność przy odbiorze', cost_incl_tax: 9.99, offline: true, is_server_method: true },
  { code: 'payinstore', title: 'Płatność w salonie', cost_incl_tax: 0, offline: true, is_server_method: true },
];

export function paymentMethodsFor({ allVirtual }: { allVirtual: boolean }): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => !(allVirtual && method.code === CASH_ON_DELIVERY));
}

/** The shop's account for traditional transfers (a demo number with a valid IBAN checksum); e-mail and thank-you page show it. */
export const SHOP_BANK_ACCOUNT = 'PL61 1090 1014 0000 0712 1981 2874';
