import { readStored, writeStored } from '@kaloryfer/ui';

/**
 * What the shopper types at checkout (spec §3, Checkout state). Field names follow the spec so a
 * reader can match them; docs/checkout.md says how they become the order's addresses.
 */
export type CheckoutType = 'private' | 'company';

export interface AddressFields {
  firstName: string;
  lastName: string;
  /** Poland only (spec §9 default; the shop delivers in PL). */
  country: 'PL';
  streetAddress: string;
  /** House number. */
  apartmentNumber: string;
  flatNumber: string;
  city: string;
  zipCode: string;
  phoneNumber: string;
}

export interface InvoiceFields {
  customUseGenerateInvoice: boolean;
  customCompany: string;
  customTaxId: string;
  customRegon: string;
}

export interface CheckoutDetails {
  checkoutType: CheckoutType;
  personal: { firstName: string; lastName: string; emailAddress: string; phoneNumber: string; createAccount: boolean };
  shipping: AddressFields & { shippingMethod: string | null };
  payment: AddressFields & { sameAsShipping: boolean; paymentMethod: string | null };
  invoice: InvoiceFields;
  termsAccepted: boolean;
  /** The id this order is sent with; kept until it is placed, so a retry cannot make a second order. */
  clientOrderId: string | null;
  /** ms since the epoch of the last change (spec §3 modifiedAt). */
  modifiedAt: number;
  /**
   * Saved while a customer was signed in (their id once the profile is known): spec §4 logout
   * clears a customer's saved details, and a checkout that opens without their session discards
   * them — another person may use this browser next. null: a guest's.
   */
  customer: { id: number | null } | null;
}

/** The password is never stored: it lives in the page's memory only and is dropped after ordering. */
export type Password = string;

/** Spec §9: "in checkout" means the details changed within the last 30 minutes. */
export const CHECKOUT_ACTIVITY_WINDOW_MS = 30 * 60 * 1000;
export const CHECKOUT_STORAGE_KEY = 'kaloryfer.checkout';

export const emptyAddress = (): AddressFields => ({
  firstName: '',
  lastName: '',
  country: 'PL',
  streetAddress: '',
  apartmentNumber: '',
  flatNumber: '',
  city: '',
  zipCode: '',
  phoneNumber: '',
});

export function emptyDetails(now: number): CheckoutDetails {
  return {
    checkoutType: 'private',
    personal: { firstName: '', lastName: '', emailAddress: '', phoneNumber: '', createAccount: false },
    shipping: { ...emptyAddress(), shippingMethod: null },
    payment: { ...emptyAddress(), sameAsShipping: true, paymentMethod: null },
    invoice: { customUseGenerateInvoice: false, customCompany: '', customTaxId: '', customRegon: '' },
    termsAccepted: false,
    clientOrderId: null,
    modifiedAt: now,
    customer: null,
  };
}

export function isInCheckout(details: Pick<CheckoutDetails, 'modifiedAt'> | null, now: number): boolean {
  return details !== null && now - details.modifiedAt >= 0 && now - details.modifiedAt <= CHECKOUT_ACTIVITY_WINDOW_MS;
}

/**
 * The details to start from. Within the window everything comes back as left (a reload, a
 * detour to the catalogue); after it the names and addresses still fill the form, but the
 * choices made for that visit — methods, terms, the pending order id — start over.
 */
export function resumeDetails(stored: CheckoutDetails | null, now: number): CheckoutDetails {
  const fresh = emptyDetails(now);
  if (!stored || typeof stored !== 'object' || !stored.personal || !stored.shipping || !stored.payment || !stored.invoice) return fresh;
  const merged: CheckoutDetails = {
    ...fresh,
    ...stored,
    personal: { ...fresh.personal, ...stored.personal },
    shipping: { ...fresh.shipping, ...stored.shipping, country: 'PL' },
    payment: { ...fresh.payment, ...stored.payment, country: 'PL' },
    invoice: { ...fresh.invoice, ...stored.invoice },
    customer: stored.customer && typeof stored.customer === 'object' ? { id: typeof stored.customer.id === 'number' ? stored.customer.id : null } : null,
  };
  if (isInCheckout(stored, now)) return merged;
  return {
    ...merged,
    shipping: { ...merged.shipping, shippingMethod: null },
    payment: { ...merged.payment, paymentMethod: null },
    termsAccepted: false,
    clientOrderId: null,
    modifiedAt: now,
  };
}

export const loadDetails = (now: number) => resumeDetails(readStored<CheckoutDetails | null>(CHECKOUT_STORAGE_KEY, null), now);
export const saveDetails = (details: CheckoutDetails) => writeStored(CHECKOUT_STORAGE_KEY, details);
/** Logout (spec §4), or details that were another person's: nothing of them stays in this browser. */
export function forgetDetails(): void {
  try {
    localStorage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    /* storage blocked: nothing was kept */
  }
}

/** After an order (spec §4): createAccount dropped (the password never was kept), the order id and terms spent. */
export function afterOrder(details: CheckoutDetails, now: number): CheckoutDetails {
  return { ...details, personal: { ...details.personal, createAccount: false }, termsAccepted: false, clientOrderId: null, modifiedAt: now };
}

/** A fresh id for an order: URL-safe, unguessable (it is also the key to the order's status). */
export function newClientOrderId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return Array.from(random(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
