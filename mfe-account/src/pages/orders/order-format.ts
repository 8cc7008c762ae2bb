import type { CartOptionLabel, OrderAddress, OrderState, PaymentState } from '@kaloryfer/api-contract';

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
