import { linkTo, navigate } from '@kaloryfer/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { problemsOf, reachableStep, stepFromHash, stepIntent, STEPS, type StepId } from '../domain/steps';
import type { CheckoutProblems } from '../domain/validation';
import { OrderFeedback } from './order-feedback';
import { focusFirstProblem } from './sections/field';
import { PaymentSection } from './sections/payment-section';
import { PersonalSection } from './sections/personal-section';
import { ReviewSection } from './sections/review-section';
import { ShippingSection } from './sections/shipping-section';
import type { Checkout } from './use-checkout';

/**
 * Variant a: the spec's steps by hash. A step is shown only when the ones before it are
 * complete; "Dalej" checks the step and moves on, the last one places the order. CheckoutProblems show
 * once the shopper tried to go on, and focus goes to the first of them.
 */
export function StepCheckout({ checkout, hash, termsNote = null }: { checkout: Checkout; hash: string; termsNote?: string | null }) {
  const { t } = useTranslation('checkout');
  const { details, password, order, placeOrder } = checkout;
  const requested = stepFromHash(hash);
  const current = reachableStep(requested, details, password);
  const index = STEPS.findIndex((step) => step.id === current);
  const [attempted, setAttempted] = useState<StepId | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (current !== requested) navigate(stepIntent(current), { replace: true });
  }, [current, requested]);
  useEffect(() => {
    // A new step: its heading gets focus (not on the first render — the shell focuses the page).
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [current]);

  const problems: CheckoutProblems = attempted === current ? problemsOf(current, details, password) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(current);
    if (Object.keys(problemsOf(current, details, password)).length > 0) {
      requestAnimationFrame(() => focusFirstProblem(form.current));
      return;
    }
    if (current === 'orderReview') void placeOrder();
    else navigate(stepIntent(STEPS[index + 1].id));
  };
  const editLink = (step: 'personal' | 'shipping' | 'payment') => (
    <a href={linkTo(stepIntent(step))}>
      {t('checkout.review.edit')}
      <span className="visually-hidden"> – {t(`checkout.step.${step}`)}</span>
    </a>
  );

  return (
    <>
      <nav aria-label={t('checkout.steps')} className="checkout-steps">
        <ol>
          {STEPS.map((step, position) => (
            <li key={step.id} aria-current={step.id === current ? 'step' : undefined} className={position < index ? 'checkout-step-done' : undefined}>
              {position < index ? <a href={linkTo(stepIntent(step.id))}>{t(`checkout.step.${step.id}`)}</a> : <span>{t(`checkout.step.${step.id}`)}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <form ref={form} onSubmit={submit} noValidate className="checkout-form">
        <h2 ref={heading} tabIndex={-1}>
          {t('checkout.stepHeading', { number: index + 1, count: STEPS.length, title: t(`checkout.step.${current}`) })}
        </h2>
        {current === 'personal' ? <PersonalSection checkout={checkout} problems={problems} /> : null}
        {current === 'shipping' ? <ShippingSection checkout={checkout} problems={problems} /> : null}
        {current === 'payment' ? <PaymentSection checkout={checkout} problems={problems} /> : null}
        {current === 'orderReview' ? <ReviewSection checkout={checkout} problems={problems} editLink={editLink} termsNote={termsNote} /> : null}
        <OrderFeedback order={order} />
        <div className="checkout-actions">
          {index > 0 ? (
            <a className="button-secondary" href={linkTo(stepIntent(STEPS[index - 1].id))}>
              {t('checkout.back')}
            </a>
          ) : null}
          <button type="submit" className="button" disabled={order.kind === 'placing' || order.kind === 'redirecting'}>
            {current === 'orderReview' ? t('checkout.placeOrder') : t('checkout.next')}
          </button>
        </div>
      </form>
    </>
  );
}
