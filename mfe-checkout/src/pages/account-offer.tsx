import { $session, loginRequested, NO_SESSION } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { useClientStore } from '@kaloryfer/ui';
import type { AccountOutcome } from '../domain/placed-orders';

/**
 * The thank-you page's word on "create an account", asked for with the order. Checkout cannot
 * sign anyone in (the session is mfe-account's): it offers the sign-in dialog. A taken e-mail is
 * said in the spec's words; the order stands either way. Gone once the shopper is signed in.
 */
export function AccountOffer({ outcome }: { outcome: AccountOutcome }) {
  const { t } = useTranslation('checkout');
  const session = useClientStore($session, NO_SESSION);
  if (session.authorised) return null;
  const signIn = (
    <button type="button" className="button" onClick={() => loginRequested.emit({ mode: 'login', reason: 'thank-you-page' })}>
      {t('checkout.signIn')}
    </button>
  );
  return (
    <section aria-labelledby="thank-you-account" className="checkout-account-offer" role={outcome === 'created' ? undefined : 'alert'}>
      <h2 id="thank-you-account">{t('thankYou.account.title')}</h2>
      {outcome === 'created' ? (
        <>
          <p>{t('thankYou.account.created')}</p>
          {signIn}
        </>
      ) : outcome === 'exists' ? (
        <>
          <p>{t('A customer with the same email address already exists', { ns: 'messages' })}</p>
          <p>{t('thankYou.account.exists')}</p>
          {signIn}
        </>
      ) : (
        <>
          <p>{t('thankYou.account.failed')}</p>
          <button type="button" className="button-secondary" onClick={() => loginRequested.emit({ mode: 'register', reason: 'thank-you-page' })}>
            {t('thankYou.account.register')}
          </button>
        </>
      )}
    </section>
  );
}
