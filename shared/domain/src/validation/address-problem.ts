import type { OrderAddress } from '@kaloryfer/api-contract';
import { FIELD_MESSAGES, nipProblem, phoneProblem } from './field-problems';
import { emailProblem, nameProblem, PERSON_MESSAGES } from './person';
import { isValidPostcode } from './polish-identifiers';

/** The shop delivers in Poland only: an address elsewhere is refused with this (spec §5). */
export const ONLY_POLAND = 'We deliver in Poland only (country_id PL)';
/** A NIP whose check digit is wrong, as the API words it (the forms word NIP_CHECKSUM themselves). */
export const INVALID_NIP = 'The tax identification number (NIP) is not valid';

/**
 * The first thing wrong with an address, as the spec says it; null when it is fine — one rule for
 * an order's shipping and billing addresses and for an address kept in the account's address book
 * (the API checks both with it). `needsEmail`: an order's shipping address carries the e-mail the
 * confirmation goes to.
 */
export function addressProblem(address: OrderAddress, { needsEmail }: { needsEmail: boolean }): string | null {
  const name = nameProblem(address.firstname) ?? nameProblem(address.lastname);
  if (name) return name;
  if (needsEmail) {
    const email = emailProblem(address.email ?? '');
    if (email) return email;
  }
  if (!address.street.some((line) => line.trim()) || !address.city.trim()) return PERSON_MESSAGES.required;
  if (address.country_id.toUpperCase() !== 'PL') return ONLY_POLAND;
  if (!isValidPostcode(address.postcode)) return FIELD_MESSAGES.postcode;
  // The phone and NIP rules of every form; both optional on an address.
  if (phoneProblem(address.telephone ?? '', { optional: true })) return FIELD_MESSAGES.phone;
  if (nipProblem(address.vat_id ?? '', { optional: true })) return INVALID_NIP;
  return null;
}
