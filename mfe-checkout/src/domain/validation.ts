import { emailProblem, isValidNip, isValidPostcode, isValidRegon, nameProblem, normalisePhone, passwordProblem } from '@kaloryfer/domain';
import type { SpecMessage } from '@kaloryfer/i18n/spec-messages';
import type { AddressFields, CheckoutDetails } from './details';

/**
 * Checkout's field rules (spec §5 messages, Polish rules from docs/polish-market.md). A problem is a
 * spec message (translated in the `messages` namespace) or a checkout key for the Polish rules
 * the spec has no message for (NIP and REGON checksums).
 */
export type CheckoutProblemKey = 'checkout.error.nipChecksum' | 'checkout.error.regon';
export type Problem = SpecMessage | CheckoutProblemKey;
export type Problems = Partial<Record<string, Problem>>;

export const isCheckoutKey = (problem: Problem): problem is CheckoutProblemKey => problem.startsWith('checkout.');

const REQUIRED: SpecMessage = 'Field is required';
const TOO_LONG: SpecMessage = 'Value is too long';
const LIMITS = { street: 150, house: 16, flat: 16, city: 100, company: 200 } as const;

const required = (value: string, max: number): Problem | null => (value.trim() === '' ? REQUIRED : value.length > max ? TOO_LONG : null);

export function phoneProblem(value: string): Problem | null {
  if (value.trim() === '') return REQUIRED;
  return normalisePhone(value) ? null : 'The phone number you entered is incorrect';
}

export function zipProblem(value: string): Problem | null {
  if (value.trim() === '') return REQUIRED;
  return isValidPostcode(value) ? null : 'Enter the zip code in the xx-xxx format';
}

/** NIP: required for a company; ten digits (dashes and spaces allowed), then the checksum. */
export function nipProblem(value: string): Problem | null {
  const digits = value.replace(/[\s-]/g, '');
  if (digits === '') return REQUIRED;
  if (!/^\d{10}$/.test(digits)) return 'Tax identification number must have 10 letters';
  return isValidNip(digits) ? null : 'checkout.error.nipChecksum';
}

/** REGON is optional; when given, 9 or 14 digits with a valid check digit. */
export function regonProblem(value: string): Problem | null {
  if (value.trim() === '') return null;
  return isValidRegon(value) ? null : 'checkout.error.regon';
}

function collect(entries: [string, Problem | null][]): Problems {
  return Object.fromEntries(entries.filter((entry): entry is [string, Problem] => entry[1] !== null));
}

function addressProblems(address: AddressFields, prefix: string): [string, Problem | null][] {
  return [
    [`${prefix}.firstName`, nameProblem(address.firstName) as Problem | null],
    [`${prefix}.lastName`, nameProblem(address.lastName) as Problem | null],
    [`${prefix}.streetAddress`, required(address.streetAddress, LIMITS.street)],
    [`${prefix}.apartmentNumber`, required(address.apartmentNumber, LIMITS.house)],
    [`${prefix}.flatNumber`, address.flatNumber.length > LIMITS.flat ? TOO_LONG : null],
    [`${prefix}.city`, required(address.city, LIMITS.city)],
    [`${prefix}.zipCode`, zipProblem(address.zipCode)],
  ];
}

/** Step 1: who orders — names, e-mail, phone; a company's invoice data; a password when an account is wanted. */
export function personalProblems(details: CheckoutDetails, password: string): Problems {
  const { personal, invoice } = details;
  const company = details.checkoutType === 'company';
  return collect([
    ['personal.firstName', nameProblem(personal.firstName) as Problem | null],
    ['personal.lastName', nameProblem(personal.lastName) as Problem | null],
    ['personal.emailAddress', emailProblem(personal.emailAddress) as Problem | null],
    ['personal.phoneNumber', phoneProblem(personal.phoneNumber)],
    ['personal.password', personal.createAccount ? (passwordProblem(password) as Problem | null) : null],
    ['invoice.customCompany', company ? required(invoice.customCompany, LIMITS.company) : null],
    ['invoice.customTaxId', company ? nipProblem(invoice.customTaxId) : null],
    ['invoice.customRegon', company ? regonProblem(invoice.customRegon) : null],
  ]);
}

/** Step 2: where it goes and how. */
export function shippingProblems(details: CheckoutDetails): Problems {
  return collect([
    ...addressProblems(details.shipping, 'shipping'),
    ['shipping.phoneNumber', details.shipping.phoneNumber.trim() ? phoneProblem(details.shipping.phoneNumber) : null],
    ['shipping.shippingMethod', details.shipping.shippingMethod ? null : REQUIRED],
  ]);
}

/** Step 3: who pays (the billing address, unless it is the shipping one) and how. */
export function paymentProblems(details: CheckoutDetails): Problems {
  return collect([
    ...(details.payment.sameAsShipping ? [] : addressProblems(details.payment, 'payment')),
    ['payment.paymentMethod', details.payment.paymentMethod ? null : REQUIRED],
  ]);
}

/** Step 4: the terms. */
export function reviewProblems(details: CheckoutDetails): Problems {
  return collect([['termsAccepted', details.termsAccepted ? null : 'You must accept the terms and conditions']]);
}
