import type { NewsletterStatus } from '@kaloryfer/api-contract';
import { $session, NO_SESSION } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button, useClientStore } from '@kaloryfer/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { queueProfileSave } from '../../session/profile-task';
import { CONFIRM_LINK_HOURS } from '@kaloryfer/domain/newsletter';
import { newsletterApi } from '../../session/newsletter-api';
import { useServerMessage } from './server-message';

type Shown = { kind: 'loading' } | { kind: 'failed' } | { kind: 'known'; status: NewsletterStatus };

/**
 * The account's consent flag follows a change, through the sync queue like every profile change;
 * the subscription itself is the newsletter API's, so a failure here is not the customer's problem.
 */
const keepFlag = (subscribed: boolean) => {
  const { stop } = queueProfileSave({ extension_attributes: { is_subscribed: subscribed } }, () => stop());
};

/**
 * `/my-account/newsletter`: the status of the customer's e-mail (subscribed, waiting for the
 * confirmation link, not subscribed), subscribing with the consent (double opt-in: a confirmation
 * e-mail is sent) and unsubscribing.
 */
export function NewsletterPage() {
  const { t } = useTranslation('account');
  const { user } = useClientStore($session, NO_SESSION);
  const email = user?.email ?? null;
  const serverMessage = useServerMessage();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!email) return;
    let live = true;
    setShown({ kind: 'loading' });
    newsletterApi
      .status(email)
      .then((status) => {
        if (live) setShown({ kind: 'known', status });
      })
      .catch(() => {
        if (live) setShown({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [email]);

  if (!email) return <p role="status">{t('profile.loading')}</p>;

  /** A change through the sync queue: answered now online; offline it waits on this device, and the page says so. */
  const change = async (call: () => ReturnType<typeof newsletterApi.queueSubscribe>, said: (status: NewsletterStatus) => string) => {
    setFailure(null);
    setOutcome('');
    const { acceptedOffline, answered } = call();
    if (acceptedOffline) setOutcome(t('profile.queuedOffline'));
    else setBusy(true);
    try {
      const status = await answered;
      setShown({ kind: 'known', status });
      setOutcome(said(status));
      setConsent(false);
      headingRef.current?.focus();
      keepFlag(status !== 'unsubscribed');
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setConsentMissing(!consent);
    if (!consent) {
      document.getElementById('account-newsletter-consent')?.focus();
      return;
    }
    void change(
      () => newsletterApi.queueSubscribe(email),
      (status) => (status === 'pending' ? t('profile.newsletter.checkInbox', { hours: CONFIRM_LINK_HOURS }) : t('profile.newsletter.already')),
    );
  };

  const status = shown.kind === 'known' ? shown.status : null;
  return (
    <div className="account-page">
      <section className="account-section" aria-labelledby="account-newsletter-heading">
        <h2 id="account-newsletter-heading" ref={headingRef} tabIndex={-1}>
          {t('profile.newsletter.title')}
        </h2>
        <div role="status">
          {shown.kind === 'loading' ? <p>{t('profile.newsletter.loading')}</p> : null}
          {status ? <p className="account-newsletter-status">{t(`profile.newsletter.${status}`, { email })}</p> : null}
          {outcome ? <p>{outcome}</p> : null}
        </div>
        {shown.kind === 'failed' ? (
          <p className="form-error" role="alert">
            {t('profile.newsletter.failed')}
          </p>
        ) : null}
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}

        {status === 'subscribed' ? (
          <Button
            variant="secondary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() =>
              void change(
                () => newsletterApi.queueUnsubscribe(email),
                () => t('profile.newsletter.unsubscribedNow', { email }),
              )
            }
          >
            {t('profile.newsletter.unsubscribe')}
          </Button>
        ) : null}

        {status === 'unsubscribed' ? (
          <form noValidate onSubmit={subscribe} aria-labelledby="account-newsletter-heading">
            <div className="account-check">
              <input
                id="account-newsletter-consent"
                type="checkbox"
                checked={consent}
                aria-invalid={consentMissing || undefined}
                aria-describedby={consentMissing ? 'account-newsletter-consent-error' : undefined}
                onChange={(event) => {
                  setConsent(event.target.checked);
                  if (event.target.checked) setConsentMissing(false);
                }}
              />
              <label htmlFor="account-newsletter-consent">{t('profile.newsletter.consent')}</label>
            </div>
            {consentMissing ? (
              <p id="account-newsletter-consent-error" className="form-error">
                {t('profile.newsletter.consentMissing')}
              </p>
            ) : null}
            <div className="account-actions">
              <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {t('profile.newsletter.subscribe')}
              </Button>
            </div>
          </form>
        ) : null}
      </section>
    </div>
  );
}
