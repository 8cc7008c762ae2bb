import { loginRequested } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import type { CheckoutProblems } from '../../domain/validation';
import type { Checkout } from '../use-checkout';
import { applyCompany, CompanyLookup } from './company-lookup';
import { Field } from './field';

/**
 * Step 1 (spec §3 personal details): private person or company, contact, and for a guest an
 * optional account (made with the order) or a way to sign in. A signed-in customer's names and
 * e-mail come from their profile (still editable); they have an account already.
 */
export function PersonalSection({ checkout, problems }: { checkout: Checkout; problems: CheckoutProblems }) {
  const { t } = useTranslation('checkout');
  const { details, update, password, setPassword, session } = checkout;
  const company = details.checkoutType === 'company';
  const personal = (
    name: 'firstName' | 'lastName' | 'emailAddress' | 'phoneNumber',
    autoComplete: string,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => (
    <Field
      name={`personal.${name}`}
      label={t(`checkout.field.${name}`)}
      value={details.personal[name]}
      autoComplete={autoComplete}
      problem={problems[`personal.${name}`]}
      {...extra}
      onChange={(value) =>
        update((draft) => {
          draft.personal[name] = value;
          // The delivery and billing names follow the buyer's until the shopper changes them there.
          if ((name === 'firstName' || name === 'lastName') && draft.shipping[name] === details.personal[name]) draft.shipping[name] = value;
        })
      }
    />
  );
  const invoice = (name: 'customCompany' | 'customTaxId' | 'customRegon', extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      name={`invoice.${name}`}
      label={t(`checkout.field.${name}`)}
      value={details.invoice[name]}
      problem={problems[`invoice.${name}`]}
      onChange={(value) =>
        update((draft) => {
          draft.invoice[name] = value;
        })
      }
      {...extra}
    />
  );

  return (
    <>
      <fieldset className="checkout-choice">
        <legend>{t('checkout.checkoutType')}</legend>
        {(['private', 'company'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="checkoutType"
              value={type}
              checked={details.checkoutType === type}
              onChange={() =>
                update((draft) => {
                  draft.checkoutType = type;
                })
              }
            />
            {t(`checkout.checkoutType.${type}`)}
          </label>
        ))}
      </fieldset>
      <div className="checkout-grid">
        {personal('firstName', 'given-name')}
        {personal('lastName', 'family-name')}
        {personal('emailAddress', 'email', { type: 'email', hint: t('checkout.hint.email') })}
        {personal('phoneNumber', 'tel', { type: 'tel', hint: t('checkout.hint.phone') })}
      </div>
      {company ? (
        <fieldset className="checkout-company">
          <legend>{t('checkout.companyData')}</legend>
          <div className="checkout-grid">
            {invoice('customTaxId', { inputMode: 'numeric', maxLength: 13, autoComplete: 'off', hint: t('checkout.hint.nip') })}
            {invoice('customCompany', { autoComplete: 'organization' })}
            {invoice('customRegon', { inputMode: 'numeric', optional: true, maxLength: 17 })}
          </div>
          <CompanyLookup nip={details.invoice.customTaxId} onUse={(found) => update((draft) => applyCompany(draft, found))} />
        </fieldset>
      ) : null}
      {session.authorised ? null : (
        <div className="checkout-account">
          <label>
            <input
              type="checkbox"
              checked={details.personal.createAccount}
              onChange={(event) =>
                update((draft) => {
                  draft.personal.createAccount = event.target.checked;
                })
              }
            />
            {t('checkout.createAccount')}
          </label>
          {details.personal.createAccount ? (
            <Field
              name="personal.password"
              type="password"
              label={t('checkout.field.password')}
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              problem={problems['personal.password']}
              hint={t('checkout.hint.password')}
              maxLength={256}
            />
          ) : null}
          <p className="checkout-hint">
            {t('checkout.haveAccount')}{' '}
            <button type="button" className="button-link" onClick={() => loginRequested.emit({ mode: 'login', reason: 'checkout' })}>
              {t('checkout.signIn')}
            </button>
          </p>
        </div>
      )}
    </>
  );
}
