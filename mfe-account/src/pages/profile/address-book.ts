import type { CustomerAddress, SessionUser } from '@kaloryfer/contracts';
import { nipDigits, normalisePhone } from '@kaloryfer/domain';
import { collect, optionalNipProblem, optionalPhoneProblem, person, postcodeProblem, required, type Problems } from './validation';

/** An address of the book as sent back: saved ones keep their id, a new one has none. */
export type BookEntry = Omit<CustomerAddress, 'id'> & { id?: number };

/** The address form's fields, as typed. */
export interface AddressDraft {
  firstname: string;
  lastname: string;
  street: string;
  house: string;
  postcode: string;
  city: string;
  telephone: string;
  company: string;
  vatId: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

/**
 * A saved street back into street + house number. The book stores `[street, number]`; an address
 * written as one line ("Kwiatowa 12/4") is split at its last word when that word is a number.
 */
export function splitStreet(street: string[]): { street: string; house: string } {
  if (street.length > 1) return { street: street[0], house: street.slice(1).join(' ') };
  const match = /^(.*\S)\s+(\d+[\w/-]*)$/.exec(street[0] ?? '');
  return match ? { street: match[1], house: match[2] } : { street: street[0] ?? '', house: '' };
}

export function draftOf(address: CustomerAddress): AddressDraft {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    ...splitStreet(address.street),
    postcode: address.postcode,
    city: address.city,
    telephone: address.telephone ?? '',
    company: address.company ?? '',
    vatId: address.vatId ?? '',
    defaultShipping: address.defaultShipping,
    defaultBilling: address.defaultBilling,
  };
}

/** A new address starts with the customer's names; the first one becomes both defaults. */
export function emptyDraft(user: SessionUser): AddressDraft {
  const first = user.addresses.length === 0;
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    street: '',
    house: '',
    postcode: '',
    city: '',
    telephone: '',
    company: '',
    vatId: '',
    defaultShipping: first,
    defaultBilling: first,
  };
}

/** The API's rules for an address (docs/account.md), checked before anything is sent. */
export function addressProblems(draft: AddressDraft): Problems {
  return collect([
    ['firstname', person(draft.firstname)],
    ['lastname', person(draft.lastname)],
    ['street', required(draft.street, 150)],
    ['house', required(draft.house, 16)],
    ['postcode', postcodeProblem(draft.postcode)],
    ['city', required(draft.city, 100)],
    ['telephone', optionalPhoneProblem(draft.telephone)],
    ['company', draft.company.length > 200 ? 'Value is too long' : null],
    ['vatId', optionalNipProblem(draft.vatId)],
  ]);
}

/** The draft as a book entry (Poland only; the phone as +48…, the NIP as its digits). */
export function entryOf(draft: AddressDraft, id?: number): BookEntry {
  const telephone = normalisePhone(draft.telephone);
  const company = draft.company.trim();
  const vatId = nipDigits(draft.vatId);
  return {
    ...(id !== undefined ? { id } : {}),
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    street: [draft.street.trim(), draft.house.trim()],
    postcode: draft.postcode.trim(),
    city: draft.city.trim(),
    countryId: 'PL',
    ...(telephone ? { telephone } : {}),
    ...(company ? { company } : {}),
    ...(vatId ? { vatId } : {}),
    defaultShipping: draft.defaultShipping,
    defaultBilling: draft.defaultBilling,
  };
}

/** One default of each kind: the entry at `index` keeps its flags, the others give up the ones it has. */
function oneDefault(book: BookEntry[], index: number): BookEntry[] {
  const chosen = book[index];
  return book.map((entry, at) =>
    at === index
      ? entry
      : {
          ...entry,
          defaultShipping: entry.defaultShipping && !chosen.defaultShipping,
          defaultBilling: entry.defaultBilling && !chosen.defaultBilling,
        },
  );
}

/** The book with `entry` saved: replacing the address of its id, or added at the end. */
export function bookWith(book: readonly BookEntry[], entry: BookEntry): BookEntry[] {
  const index = entry.id === undefined ? -1 : book.findIndex((saved) => saved.id === entry.id);
  const next = index === -1 ? [...book, entry] : book.map((saved, at) => (at === index ? entry : saved));
  return oneDefault(next, index === -1 ? next.length - 1 : index);
}

export const bookWithout = (book: readonly BookEntry[], id: number): BookEntry[] => book.filter((entry) => entry.id !== id);

export function bookWithDefault(book: readonly BookEntry[], id: number, kind: 'defaultShipping' | 'defaultBilling'): BookEntry[] {
  const index = book.findIndex((entry) => entry.id === id);
  if (index === -1) return [...book];
  return oneDefault(
    book.map((entry, at) => (at === index ? { ...entry, [kind]: true } : entry)),
    index,
  );
}

/** "Anna Nowak, Kwiatowa 12, 00-001 Warszawa": how an address is named to a screen reader and in confirmations. */
export const addressSummary = (address: Pick<CustomerAddress, 'firstname' | 'lastname' | 'street' | 'postcode' | 'city'>) =>
  `${address.firstname} ${address.lastname}, ${address.street.join(' ')}, ${address.postcode} ${address.city}`;
