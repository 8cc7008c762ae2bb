import { imageUrl, shippingCodeOf } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import type { AddressFields } from '../../domain/details';
import { streetLine } from '../../domain/order';
import type { CheckoutProblems } from '../../domain/validation';
import type { Checkout } from '../use-checkout';
import { fieldId, useProblemText } from './field';

function Address({ address, extra }: { address: AddressFields; extra?: (string | null)[] }) {
  return (
    <address>
      {[...(extra ?? []), `${address.firstName} ${address.lastName}`, streetLine(address), `${address.zipCode} ${address.city}`].filter(Boolean).map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}

/**
 * Step 4: everything once more — lines, addresses, methods, the server's totals — the terms,
 * and the button that says it obliges to pay (docs/polish-market.md). `termsNote` is the CMS's
 * checkout-terms block (checkout-terms.ts): plain text under the checkbox, outside its label, so
 * the checkbox keeps its name and its description stays the problem, if any.
 */
export function ReviewSection({
  checkout,
  problems,
  editLink,
  termsNote = null,
}: {
  checkout: Checkout;
  problems: CheckoutProblems;
  editLink?: (step: 'personal' | 'shipping' | 'payment') => React.ReactNode;
  termsNote?: string | null;
}) {
  const { t, i18n } = useTranslation('checkout');
  const text = useProblemText();
  const { cart, details, update, totals, shippingMethods, paymentMethods } = checkout;
  const shipping = shippingMethods?.find((method) => shippingCodeOf(method) === details.shipping.shippingMethod);
  const payment = paymentMethods?.find((method) => method.code === details.payment.paymentMethod);
  const company = details.checkoutType === 'company';
  const billing = details.payment.sameAsShipping ? details.shipping : details.payment;
  const termsId = fieldId('termsAccepted');
  return (
    <>
      <table className="checkout-lines">
        <caption className="visually-hidden">{t('checkout.review.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('checkout.review.product')}</th>
            <th scope="col">{t('checkout.review.qty')}</th>
            <th scope="col">{t('checkout.review.rowTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {cart.items.map((line) => (
            <tr key={`${line.sku}-${line.itemId ?? ''}`}>
              <td>
                {line.image ? <img src={imageUrl(line.image, 150) ?? undefined} alt="" width={64} height={64} loading="lazy" /> : null}
                <span>
                  {line.name}
                  {line.options.length ? <small>{line.options.map((option) => `${option.label}: ${option.value}`).join(', ')}</small> : null}
                </span>
              </td>
              <td>{line.qty}</td>
              <td>{formatPrice(line.rowTotalInclTax)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="checkout-summary">
        <section aria-labelledby="review-buyer">
          <h3 id="review-buyer">{t('checkout.review.buyer')}</h3>
          <p>
            {details.personal.firstName} {details.personal.lastName}
            <br />
            {details.personal.emailAddress}
            <br />
            {details.personal.phoneNumber}
          </p>
          {editLink?.('personal')}
        </section>
        <section aria-labelledby="review-shipping">
          <h3 id="review-shipping">{t('checkout.review.shipping')}</h3>
          <Address address={details.shipping} />
          <p>{shipping?.method_title}</p>
          {editLink?.('shipping')}
        </section>
        <section aria-labelledby="review-payment">
          <h3 id="review-payment">{t('checkout.review.payment')}</h3>
          <Address address={billing} extra={company ? [details.invoice.customCompany, t('checkout.nip', { nip: details.invoice.customTaxId })] : []} />
          <p>{payment?.title}</p>
          {company || details.invoice.customUseGenerateInvoice ? <p>{t('checkout.review.invoice')}</p> : null}
          {editLink?.('payment')}
        </section>
      </div>
      <dl className="checkout-totals" aria-live="polite">
        {(totals?.total_segments ?? [])
          .filter((segment) => segment.code !== 'tax')
          .map((segment) => (
            <div key={segment.code} className={segment.code === 'grand_total' ? 'checkout-grand-total' : undefined}>
              <dt>{t(`checkout.segment.${segment.code}`, { defaultValue: segment.title })}</dt>
              <dd>{formatPrice(segment.value)}</dd>
            </div>
          ))}
        {totals?.total_segments.find((segment) => segment.code === 'tax') ? (
          <div className="checkout-vat">
            <dt>{t('checkout.segment.tax')}</dt>
            <dd>{formatPrice(totals.total_segments.find((segment) => segment.code === 'tax')!.value)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="checkout-terms">
        <label htmlFor={termsId}>
          <input
            id={termsId}
            type="checkbox"
            checked={details.termsAccepted}
            aria-invalid={problems.termsAccepted ? true : undefined}
            aria-describedby={problems.termsAccepted ? `${termsId}-error` : undefined}
            onChange={(event) =>
              update((draft) => {
                draft.termsAccepted = event.target.checked;
              })
            }
          />
          {/* One flex item: the sentence wraps as text (three items side by side overflowed a 320 px phone). */}
          <span>
            {t('checkout.terms.before')}{' '}
            <a href="/i/regulamin" target="_blank" rel="noopener">
              {t('checkout.terms.link')}
            </a>{' '}
            {t('checkout.terms.after')}
          </span>
        </label>
        {termsNote ? (
          <p className="checkout-terms-note" lang={i18n.language === 'pl-PL' ? undefined : 'pl'}>
            {termsNote}
          </p>
        ) : null}
        {problems.termsAccepted ? (
          <p id={`${termsId}-error`} className="form-error">
            {text(problems.termsAccepted)}
          </p>
        ) : null}
      </div>
    </>
  );
}
