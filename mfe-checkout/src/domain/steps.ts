import type { CheckoutDetails } from './details';
import { paymentProblems, personalProblems, reviewProblems, shippingProblems, type Problems } from './validation';

/** Variant a's steps by hash (spec §2): none = personal details, then #shipping, #payment, #orderReview. */
export const STEPS = [
  { id: 'personal', hash: '', trackingStep: 2 },
  { id: 'shipping', hash: '#shipping', trackingStep: 3 },
  { id: 'payment', hash: '#payment', trackingStep: 4 },
  { id: 'orderReview', hash: '#orderReview', trackingStep: 5 },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

export function stepFromHash(hash: string): StepId {
  return STEPS.find((step) => step.hash === hash)?.id ?? 'personal';
}

export function problemsOf(step: StepId, details: CheckoutDetails, password: string): Problems {
  switch (step) {
    case 'personal': return personalProblems(details, password);
    case 'shipping': return shippingProblems(details);
    case 'payment': return paymentProblems(details);
    case 'orderReview': return reviewProblems(details);
  }
}

/**
 * The step a shopper may see: the one asked for, unless an earlier step is not complete — then
 * that earlier step (a bookmarked #orderReview with nothing filled in starts at the beginning).
 */
export function reachableStep(requested: StepId, details: CheckoutDetails, password: string): StepId {
  for (const step of STEPS) {
    if (step.id === requested) return requested;
    if (Object.keys(problemsOf(step.id, details, password)).length > 0) return step.id;
  }
  return requested;
}
