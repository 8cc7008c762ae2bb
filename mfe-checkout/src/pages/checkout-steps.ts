/** Variant a's steps by hash (spec §2): none = personal details, then #shipping, #payment, #orderReview. */
export const STEPS = [
  { id: 'personal', hash: '' },
  { id: 'shipping', hash: '#shipping' },
  { id: 'payment', hash: '#payment' },
  { id: 'orderReview', hash: '#orderReview' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

export function stepFromHash(hash: string): StepId {
  return STEPS.find((step) => step.hash === hash)?.id ?? 'personal';
}
