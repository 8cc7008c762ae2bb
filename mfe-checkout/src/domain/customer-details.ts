import type { SessionState, SessionUser } from '@kaloryfer/contracts';
import { addressFieldsOf, applySavedAddress, isAddressEmpty } from './saved-address';
import { emptyDetails, forgetDetails, loadDetails, type CheckoutDetails } from './details';

/** What `saveDetails` stamps on the details: whose they are (spec §4: logout clears a customer's). */
export function customerMarkOf(session: Pick<SessionState, 'authorised' | 'user'>, before: CheckoutDetails['customer'] = null): CheckoutDetails['customer'] {
  return session.authorised ? { id: session.user?.id ?? before?.id ?? null } : null;
}

/**
 * Whether saved details may be shown to whoever has the page now:
 * - `keep`: a guest's, or the signed-in customer's own (or the profile is not known yet to tell);
 * - `park`: a customer's, and no session — maybe nobody is signed in, maybe mfe-account has not
 *   started yet (it loads with the header, after the checkout). Not shown and not kept in the
 *   browser; the checkout holds them in memory until the same customer's session appears;
 * - `drop`: another customer's.
 */
export function ownerCheck(details: Pick<CheckoutDetails, 'customer'>, session: Pick<SessionState, 'authorised' | 'user'>): 'keep' | 'park' | 'drop' {
  if (!details.customer) return 'keep';
  if (!session.authorised) return 'park';
  if (!session.user || details.customer.id === null || details.customer.id === session.user.id) return 'keep';
  return 'drop';
}

/** Parked details belong to this session's customer: bring them back. */
export const parkedBelongTo = (parked: CheckoutDetails, session: Pick<SessionState, 'authorised' | 'user'>) =>
  session.authorised && ownerCheck(parked, session) === 'keep';

/** Every empty text field of `into` takes `from`'s value; what the shopper typed stays. */
function fillEmptyTexts<T extends object>(into: T, from: T): void {
  const target = into as Record<string, unknown>;
  for (const [name, value] of Object.entries(from)) {
    const now = target[name];
    if (typeof value === 'string' && typeof now === 'string' && now.trim() === '' && value.trim() !== '') target[name] = value;
  }
}

const TEXT_PARTS = ['personal', 'shipping', 'payment', 'invoice'] as const;
const nothingTyped = (details: CheckoutDetails) =>
  TEXT_PARTS.every((part) => Object.values(details[part]).every((value) => typeof value !== 'string' || value.trim() === '' || value === 'PL'));

/**
 * Parked details back once their customer's session has appeared. With nothing typed meanwhile
 * they come back whole; otherwise only into the fields still empty (the shopper's typing wins).
 */
export function restoreParked(current: CheckoutDetails, parked: CheckoutDetails): CheckoutDetails {
  if (nothingTyped(current)) return { ...parked, modifiedAt: current.modifiedAt };
  const next: CheckoutDetails = JSON.parse(JSON.stringify(current));
  for (const part of TEXT_PARTS) fillEmptyTexts(next[part], parked[part]);
  return next;
}

/**
 * Spec §4 "After login the profile seeds checkout personal details": empty first name, last name
 * and e-mail from the profile (never over what the shopper typed); the phone from the default
 * delivery address when it has one; the default delivery (and, when billing is separate, billing)
 * address into an address fieldset nothing has been typed in; no "create an account" for a
 * customer. Returns the same object when nothing changes (nothing to save).
 */
export function prefillFromProfile(details: CheckoutDetails, user: SessionUser): CheckoutDetails {
  const next: CheckoutDetails = JSON.parse(JSON.stringify(details));
  const defaultShipping = user.addresses.find((address) => address.defaultShipping);
  const defaultBilling = user.addresses.find((address) => address.defaultBilling);
  fillEmptyTexts(next.personal, {
    ...next.personal,
    firstName: user.firstname,
    lastName: user.lastname,
    emailAddress: user.email,
    phoneNumber: defaultShipping ? addressFieldsOf(defaultShipping).phoneNumber : '',
  });
  next.personal.createAccount = false;
  if (defaultShipping && isAddressEmpty(next.shipping)) applySavedAddress(next, 'shipping', defaultShipping, 'prefill');
  // Without a saved address the delivery names start as the buyer's, as typing them in step 1 does.
  fillEmptyTexts(next.shipping, { ...next.shipping, firstName: next.personal.firstName, lastName: next.personal.lastName });
  if (defaultBilling && !next.payment.sameAsShipping && isAddressEmpty(next.payment)) applySavedAddress(next, 'payment', defaultBilling, 'prefill');
  return JSON.stringify(next) === JSON.stringify(details) ? details : next;
}

/**
 * The details a checkout starts from, for the session the page has now. A customer's details with
 * no session (or another customer's) are discarded from the browser at once; with no session yet
 * they are handed back as `parked` (see `ownerCheck`).
 */
export function startDetails(now: number, session: Pick<SessionState, 'authorised' | 'user'>): { details: CheckoutDetails; parked: CheckoutDetails | null } {
  const loaded = loadDetails(now);
  const check = ownerCheck(loaded, session);
  if (check === 'keep') return { details: loaded, parked: null };
  forgetDetails();
  return { details: emptyDetails(now), parked: check === 'park' ? loaded : null };
}
