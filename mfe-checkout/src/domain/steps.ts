import type { CheckoutDetails } from './details';
import { paymentProblems, personalProblems, reviewProblems, shippingProblems, type CheckoutProblems } from './validation';

/** Variant a's steps by hash (spec §2): none = personal details, then #shipping, #payment, #orderReview. */
export const STEPS = [
  { id: 'personal', hash: '', routeStep: undefined },
  { id: 'shipping', hash: '#shipping', routeStep: 'shipping' },
  { id: 'payment', hash: '#payment', routeStep: 'payment' },
  { id: 'orderReview', hash: '#orderReview', routeStep: 'orderReview' },
] as const;

export type StepId = (typeof STEPS)[number]['id'];

/** The route of a step, for `navigate` and `linkTo`. */
export const stepIntent = (step: StepId) => ({ name: 'checkout' as const, step: STEPS.find((candidate) => candidate.id === step)!.routeStep });

export function stepFromHash(hash: string): StepId {
  return STEPS.find((step) => step.hash === hash)?.id ?? 'personal';
}

export function problemsOf(step: StepId, details: CheckoutDetails, password: string): CheckoutProblems {
  switch (step) {
    case 'personal':
      return personalProblems(details, password);
    case 'shipping':
      return shippingProblems(details);
    case 'payment':
      return paymentProblems(details);
    case 'orderReview':
      return reviewProblems(details);
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
