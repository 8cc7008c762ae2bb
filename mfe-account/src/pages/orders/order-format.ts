import type { CartOptionLabel, OrderAddress, OrderState, PaymentState } from '@kaloryfer/api-contract';

/** Dates read the same on the server and in every browser: the shop's own time zone. */
const SHOP_TIME_ZONE = 'Europe/Warsaw';
let dayParts: Intl.DateTimeFormat | null = null;

/**
 * The day an order was placed, as the language writes a short date: "24.11.2026" in Polish and
 * German, "24/11/2026" in Italian, "11/24/2026" in English. The numbers come from Intl (the
 * shop's day, not the browser's); the order of the numbers is written out here, so every ICU
 * writes the same characters.
 */
export function formatOrderDate(iso: string, language: string): string {
  dayParts ??= new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  const { day, month, year } = parts;
  if (language === 'en-US') return `${month}/${day}/${year}`;
  if (language === 'it-IT') return `${day}/${month}/${year}`;
  return `${day}.${month}.${year}`;
}

/** The words of an order's status and payment state (an unknown value shows as the API wrote it). */
export const statusKey = (status: OrderState) => `orders.status.${status}`;
export const paymentStateKey = (state: PaymentState) => `orders.paymentState.${state}`;

/** A line's chosen options in words: "Wysokość: 600 mm, Podłączenie: boczne". */
export const optionsText = (options: readonly CartOptionLabel[]) => options.map((option) => `${option.label}: ${option.value}`).join(', ');

/** An address as the lines of a letter (empty parts left out). */
export function addressLines(address: OrderAddress): string[] {
  return [`${address.firstname} ${address.lastname}`.trim(), address.company ?? '', ...address.street, `${address.postcode} ${address.city}`.trim()].filter(
    Boolean,
  );
}
