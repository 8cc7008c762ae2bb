import type { CustomerAddress } from '@kaloryfer/contracts';
import { formatPhone, normalisePhone } from '@kaloryfer/domain';
import type { AddressFields, CheckoutDetails } from './details';

/** The fields of the checkout's address fieldset a saved address fills (country is always PL). */
export type SavedAddressFields = Omit<AddressFields, 'country'>;

/** "12/4", "12 m. 4", "12 lok. 4" → house 12, flat 4 (how Polish addresses write a flat). */
function splitNumber(number: string): { apartmentNumber: string; flatNumber: string } {
  const match = /^(.+?)\s*(?:\/|\s(?:m\.?|lok\.?)\s*)\s*(.+)$/i.exec(number.trim());
  return match ? { apartmentNumber: match[1].trim(), flatNumber: match[2].trim() } : { apartmentNumber: number.trim(), flatNumber: '' };
}

/**
 * A saved address's `street[]` as the fieldset's street, house and flat number. The address book
 * writes `[street, number]` (a third line, when there is one, is the flat); VSF clients and the
 * API also accept one line ("ul. Kwiatowa 12/4"), whose trailing number is split off.
 */
export function streetFieldsOf(street: readonly string[]): Pick<AddressFields, 'streetAddress' | 'apartmentNumber' | 'flatNumber'> {
  const lines = street.map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length === 0) return { streetAddress: '', apartmentNumber: '', flatNumber: '' };
  if (lines.length >= 2) {
    const number = splitNumber(lines[1]);
    return { streetAddress: lines[0], apartmentNumber: number.apartmentNumber, flatNumber: lines[2] ?? number.flatNumber };
  }
  // One line: the last word that starts with a digit is the number ("ul. 3 Maja 15A/2" → "ul. 3 Maja", 15A, 2).
  const oneLine = /^(.*?\S)\s+(\d[\w]*(?:\s*\/\s*\w+|\s+(?:m\.?|lok\.?)\s*\w+)?)$/i.exec(lines[0]);
  if (!oneLine) return { streetAddress: lines[0], apartmentNumber: '', flatNumber: '' };
  return { streetAddress: oneLine[1], ...splitNumber(oneLine[2]) };
}

/** A saved address as the checkout's fieldset holds it; the phone as the form shows one (601 234 567). */
export function addressFieldsOf(saved: CustomerAddress): SavedAddressFields {
  const phone = saved.telephone ? normalisePhone(saved.telephone) : null;
  return {
    firstName: saved.firstname.trim(),
    lastName: saved.lastname.trim(),
    ...streetFieldsOf(saved.street),
    zipCode: saved.postcode.trim(),
    city: saved.city.trim(),
    phoneNumber: phone ? formatPhone(phone) : (saved.telephone ?? '').trim(),
  };
}

/** The invoice data a saved (company) address carries: its name and NIP. */
export function invoiceOf(saved: CustomerAddress): { customCompany: string; customTaxId: string } | null {
  if (!saved.company?.trim() && !saved.vatId?.trim()) return null;
  return { customCompany: saved.company?.trim() ?? '', customTaxId: saved.vatId?.trim() ?? '' };
}

const ADDRESS_ONLY: (keyof SavedAddressFields)[] = ['streetAddress', 'apartmentNumber', 'flatNumber', 'zipCode', 'city'];
const COMPARED: (keyof SavedAddressFields)[] = ['firstName', 'lastName', ...ADDRESS_ONLY];

/** Nothing of the address itself typed yet (names may have been filled from the buyer's). */
export const isAddressEmpty = (fields: AddressFields) => ADDRESS_ONLY.every((name) => fields[name].trim() === '');

/** The fieldset still holds this saved address as it was filled (an edit makes it a new address). */
export function matchesSaved(fields: AddressFields, saved: CustomerAddress): boolean {
  const savedFields = addressFieldsOf(saved);
  return COMPARED.every((name) => fields[name].trim() === savedFields[name]);
}

/**
 * Fills a fieldset from a saved address. `chosen` (the shopper picked it): it replaces what the
 * fieldset held. `prefill` (the default address, into an empty fieldset): invoice data typed
 * already stays. A company's name and NIP on the address become the invoice data when the shopper
 * buys as a company and the invoice comes from this address (the billing address, or the delivery
 * address while billing is "the same as delivery"); a private buyer's step 1 is not changed
 * behind their back from a later step.
 */
export function applySavedAddress(draft: CheckoutDetails, target: 'shipping' | 'payment', saved: CustomerAddress, mode: 'chosen' | 'prefill' = 'chosen'): void {
  Object.assign(draft[target], addressFieldsOf(saved));
  const invoice = invoiceOf(saved);
  const invoiceFromHere = target === 'payment' || draft.payment.sameAsShipping;
  if (!invoice || !invoiceFromHere || draft.checkoutType !== 'company') return;
  if (mode === 'prefill' && (draft.invoice.customCompany.trim() || draft.invoice.customTaxId.trim())) return;
  if (invoice.customCompany) draft.invoice.customCompany = invoice.customCompany;
  if (invoice.customTaxId) draft.invoice.customTaxId = invoice.customTaxId;
}

/** Clears a fieldset for a new address ("Nowy adres"); the names stay, they are usually the buyer's. */
export function clearAddress(draft: CheckoutDetails, target: 'shipping' | 'payment'): void {
  for (const name of [...ADDRESS_ONLY, 'phoneNumber'] as const) draft[target][name] = '';
}

/** One line that names a saved address in the choice: "Anna Kowalska, ul. Kwiatowa 12/4, 30-001 Kraków". */
export function addressSummary(saved: CustomerAddress): string {
  const { streetAddress, apartmentNumber, flatNumber } = addressFieldsOf(saved);
  const house = apartmentNumber + (flatNumber ? `/${flatNumber}` : '');
  const street = [streetAddress, house].filter(Boolean).join(' ');
  return [`${saved.firstname} ${saved.lastname}`.trim(), saved.company?.trim(), street, `${saved.postcode} ${saved.city}`.trim()].filter(Boolean).join(', ');
}
