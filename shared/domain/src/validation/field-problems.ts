import { PERSON_MESSAGES } from './person';
import { isValidNip, isValidPostcode, normalisePhone } from './polish-identifiers';

/**
 * The postcode, phone and NIP rules of every form and of the API (spec §5 messages,
 * docs/polish-market.md) — checkout's details, the account's address book and company data, an
 * order's addresses: each returns the first rule a value breaks, or null. The NIP's checksum has
 * no spec message: NIP_CHECKSUM stands for it, and each caller says it in its own words.
 */
export const FIELD_MESSAGES = {
  postcode: 'Enter the zip code in the xx-xxx format',
  phone: 'The phone number you entered is incorrect',
  nipLength: 'Tax identification number must have 10 letters',
} as const;

/** The NIP has ten digits, but its check digit is wrong. */
export const NIP_CHECKSUM = 'nip-checksum';

/** A problem the spec words: what a postcode or a phone can have. */
export type FieldMessage = typeof PERSON_MESSAGES.required | (typeof FIELD_MESSAGES)[keyof typeof FIELD_MESSAGES];
/** What a NIP can have besides: the checksum, which each caller words itself. */
export type FieldProblem = FieldMessage | typeof NIP_CHECKSUM;

/** `optional`: an empty value is fine (an address's phone, an address's NIP); else it is required. */
interface Presence {
  optional?: boolean;
}

/** A NIP as its digits: written with dashes or spaces ("123-456-32-18"), read without. */
export const nipDigits = (value: string) => value.replace(/[\s-]/g, '');

export function postcodeProblem(value: string, { optional = false }: Presence = {}): FieldMessage | null {
  if (value.trim() === '') return optional ? null : PERSON_MESSAGES.required;
  return isValidPostcode(value) ? null : FIELD_MESSAGES.postcode;
}

export function phoneProblem(value: string, { optional = false }: Presence = {}): FieldMessage | null {
  if (value.trim() === '') return optional ? null : PERSON_MESSAGES.required;
  return normalisePhone(value) ? null : FIELD_MESSAGES.phone;
}

export function nipProblem(value: string, { optional = false }: Presence = {}): FieldProblem | null {
  const digits = nipDigits(value);
  if (digits === '') return optional ? null : PERSON_MESSAGES.required;
  if (!/^\d{10}$/.test(digits)) return FIELD_MESSAGES.nipLength;
  return isValidNip(digits) ? null : NIP_CHECKSUM;
}
