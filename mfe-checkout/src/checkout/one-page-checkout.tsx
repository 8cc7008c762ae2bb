import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { problemsOf, STEPS } from '../domain/steps';
import type { CheckoutProblems } from '../domain/validation';
import { OrderFeedback } from './order-feedback';
import { focusFirstProblem } from './sections/field';
import { PaymentSection } from './sections/payment-section';
import { PersonalSection } from './sections/personal-section';
import { ReviewSection } from './sections/review-section';
import { ShippingSection } from './sections/shipping-section';
import type { Checkout } from './use-checkout';

/**
 * Variant b: the same sections and rules on one page with one button. Sending checks every
 * section; the first problem gets focus.
 */
export function OnePageCheckout({ checkout, termsNote = null }: { checkout: Checkout; termsNote?: string | null }) {
  const { t } = useTranslation('checkout');
  const { details, password, order, placeOrder } = checkout;
  const [attempted, setAttempted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const allProblems = (): CheckoutProblems => Object.assign({}, ...STEPS.map((step) => problemsOf(step.id, details, password)));
  const problems = attempted ? allProblems() : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(allProblems()).length > 0) {
      requestAnimationFrame(() => focusFirstProblem(form.current));
      return;
    }
    void placeOrder();
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="checkout-form checkout-one-page">
      {STEPS.map((step, index) => (
        <section key={step.id} aria-labelledby={`checkout-section-${step.id}`} className="checkout-section">
          <h2 id={`checkout-section-${step.id}`}>
            {index + 1}. {t(`checkout.step.${step.id}`)}
          </h2>
          {step.id === 'personal' ? <PersonalSection checkout={checkout} problems={problems} /> : null}
          {step.id === 'shipping' ? <ShippingSection checkout={checkout} problems={problems} /> : null}
          {step.id === 'payment' ? <PaymentSection checkout={checkout} problems={problems} /> : null}
          {step.id === 'orderReview' ? <ReviewSection checkout={checkout} problems={problems} termsNote={termsNote} /> : null}
        </section>
      ))}
      <OrderFeedback order={order} />
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={order.kind === 'placing' || order.kind === 'redirecting'}>
          {t('checkout.placeOrder')}
        </button>
      </div>
    </form>
  );
}
