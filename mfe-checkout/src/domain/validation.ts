import {
  emailProblem,
  isValidRegon,
  nameProblem,
  NIP_CHECKSUM,
  nipProblem as nipRule,
  passwordProblem,
  phoneProblem as phoneRule,
  postcodeProblem,
} from '@kaloryfer/domain';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import type { AddressFields, CheckoutDetails } from './details';

/**
 * Checkout's field rules (spec §5 messages, Polish rules from docs/polish-market.md). A problem is a
 * spec message (translated in the `messages` namespace) or a checkout key for the Polish rules
 * the spec has no message for (NIP and REGON checksums).
 */
export type CheckoutProblemKey = 'checkout.error.nipChecksum' | 'checkout.error.regon';
export type CheckoutProblem = SpecMessage | CheckoutProblemKey;
export type CheckoutProblems = Partial<Record<string, CheckoutProblem>>;

export const isCheckoutKey = (problem: CheckoutProblem): problem is CheckoutProblemKey => problem.startsWith('checkout.');

const REQUIRED: SpecMessage = 'Field is required';
const TOO_LONG: SpecMessage = 'Value is too long';
const LIMITS = { street: 150, house: 16, flat: 16, city: 100, company: 200 } as const;

const required = (value: string, max: number): CheckoutProblem | null => (value.trim() === '' ? REQUIRED : value.length > max ? TOO_LONG : null);

// Postcode, phone and NIP follow @kaloryfer/domain's rules (one set for checkout, the account and the API).
export const phoneProblem = (value: string): CheckoutProblem | null => phoneRule(value);
export const zipProblem = (value: string): CheckoutProblem | null => postcodeProblem(value);

/** NIP: required for a company; ten digits (dashes and spaces allowed), then the checksum. */
export function nipProblem(value: string): CheckoutProblem | null {
  const problem = nipRule(value);
  return problem === NIP_CHECKSUM ? 'checkout.error.nipChecksum' : problem;
}

/** REGON is optional; when given, 9 or 14 digits with a valid check digit. */
export function regonProblem(value: string): CheckoutProblem | null {
  if (value.trim() === '') return null;
  return isValidRegon(value) ? null : 'checkout.error.regon';
}

function collect(entries: [string, CheckoutProblem | null][]): CheckoutProblems {
  return Object.fromEntries(entries.filter((entry): entry is [string, CheckoutProblem] => entry[1] !== null));
}

function addressProblems(address: AddressFields, prefix: string): [string, CheckoutProblem | null][] {
  return [
    [`${prefix}.firstName`, nameProblem(address.firstName) as CheckoutProblem | null],
    [`${prefix}.lastName`, nameProblem(address.lastName) as CheckoutProblem | null],
    [`${prefix}.streetAddress`, required(address.streetAddress, LIMITS.street)],
    [`${prefix}.apartmentNumber`, required(address.apartmentNumber, LIMITS.house)],
    [`${prefix}.flatNumber`, address.flatNumber.length > LIMITS.flat ? TOO_LONG : null],
    [`${prefix}.city`, required(address.city, LIMITS.city)],
    [`${prefix}.zipCode`, zipProblem(address.zipCode)],
  ];
}

/** Step 1: who orders — names, e-mail, phone; a company's invoice data; a password when an account is wanted. */
export function personalProblems(details: CheckoutDetails, password: string): CheckoutProblems {
  const { personal, invoice } = details;
  const company = details.checkoutType === 'company';
  return collect([
    ['personal.firstName', nameProblem(personal.firstName) as CheckoutProblem | null],
    ['personal.lastName', nameProblem(personal.lastName) as CheckoutProblem | null],
    ['personal.emailAddress', emailProblem(personal.emailAddress) as CheckoutProblem | null],
    ['personal.phoneNumber', phoneProblem(personal.phoneNumber)],
    ['personal.password', personal.createAccount ? (passwordProblem(password) as CheckoutProblem | null) : null],
    ['invoice.customCompany', company ? required(invoice.customCompany, LIMITS.company) : null],
    ['invoice.customTaxId', company ? nipProblem(invoice.customTaxId) : null],
    ['invoice.customRegon', company ? regonProblem(invoice.customRegon) : null],
  ]);
}

/** Step 2: where it goes and how. */
export function shippingProblems(details: CheckoutDetails): CheckoutProblems {
  return collect([
    ...addressProblems(details.shipping, 'shipping'),
    ['shipping.phoneNumber', details.shipping.phoneNumber.trim() ? phoneProblem(details.shipping.phoneNumber) : null],
    ['shipping.shippingMethod', details.shipping.shippingMethod ? null : REQUIRED],
  ]);
}

/** Step 3: who pays (the billing address, unless it is the shipping one) and how. */
export function paymentProblems(details: CheckoutDetails): CheckoutProblems {
  return collect([
    ...(details.payment.sameAsShipping ? [] : addressProblems(details.payment, 'payment')),
    ['payment.paymentMethod', details.payment.paymentMethod ? null : REQUIRED],
  ]);
}

/** Step 4: the terms. */
export function reviewProblems(details: CheckoutDetails): CheckoutProblems {
  return collect([['termsAccepted', details.termsAccepted ? null : 'You must accept the terms and conditions']]);
}
