import './newsletter.css';
import { $route, linkTo } from '@kaloryfer/contracts';
import {
  CONFIRM_LINK_HOURS,
  isNewsletterOutcome,
  NEWSLETTER_CONSENT,
  NEWSLETTER_FORM_PARAM,
  newsletterAnchor,
  type NewsletterFormId,
  type NewsletterOutcome,
} from '@kaloryfer/domain/newsletter';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '../button';
import { useRequestStore } from '../rendering/hydration';

/** The API's form endpoint (api/src/newsletter/newsletter-routes.ts): urlencoded in, 303 back with `?newsletter=<outcome>#newsletter`. */
export const NEWSLETTER_FORM_ACTION = '/api/ext/newsletter/form';

/** Outcomes that ask the shopper to do something again (shown as a problem, and the field marked). */
const PROBLEMS: ReadonlySet<NewsletterOutcome> = new Set(['invalid-email', 'no-consent', 'link-expired', 'link-invalid', 'error']);

/**
 * The newsletter sign-up: an e-mail field, the consent (PKE art. 398) next to an unticked
 * checkbox, a submit button — a plain HTML form, so it works in the footer, which the browser
 * never hydrates (interactive: false), and on the home page (the catalogue's), each with its own
 * `source`. Imported by its path (`@kaloryfer/ui/newsletter`): it brings its
 * stylesheet. Its words are the shared `common` namespace's. The API answers with a redirect back to this page; the
 * outcome travels in the query and is read here on the server render: "check your inbox" until
 * the link in the e-mail is clicked, never "subscribed" before that. The wording of the consent
 * and its version come from one place (shared/domain/src/newsletter/consent.ts); the version goes
 * with the form so the API stores which text was shown.
 */
export function NewsletterSignup({ source = 'footer' }: { source?: NewsletterFormId }) {
  const { t } = useTranslation('common');
  const route = useRequestStore($route);
  const query = new URLSearchParams(route.search);
  const asked = query.get('newsletter');
  // An outcome answers the form that was sent (the footer's when the query does not say).
  const mine = (query.get(NEWSLETTER_FORM_PARAM) ?? 'footer') === source;
  const outcome = mine && isNewsletterOutcome(asked) ? asked : null;
  const id = newsletterAnchor(source);
  const messages: Record<NewsletterOutcome, string> = {
    'check-inbox': t('newsletter.checkInbox', { hours: CONFIRM_LINK_HOURS }),
    'invalid-email': t('Please provide valid e-mail address', { ns: 'messages' }),
    'no-consent': t('newsletter.noConsent'),
    already: t('newsletter.already'),
    confirmed: t('newsletter.confirmed'),
    'link-used': t('newsletter.linkUsed'),
    'link-expired': t('newsletter.linkExpired', { hours: CONFIRM_LINK_HOURS }),
    'link-invalid': t('newsletter.linkInvalid'),
    error: t('newsletter.error'),
  };
  const statusId = `${id}-status`;
  const emailWrong = outcome === 'invalid-email';
  const consentMissing = outcome === 'no-consent';
  return (
    <section id={id} className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(source === 'home' ? 'newsletter.titleHome' : 'newsletter.title')}</h2>
      <p className="newsletter-lead">{t('newsletter.lead')}</p>
      <form className="newsletter-form" method="post" action={NEWSLETTER_FORM_ACTION}>
        <div className="newsletter-field">
          <label htmlFor={`${id}-email`}>{t('newsletter.email')}</label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
            aria-invalid={emailWrong || undefined}
            aria-describedby={emailWrong ? statusId : undefined}
          />
        </div>
        <div className="newsletter-consent">
          <input
            id={`${id}-consent`}
            name="consent"
            type="checkbox"
            value="yes"
            required
            aria-invalid={consentMissing || undefined}
            aria-describedby={consentMissing ? statusId : undefined}
          />
          <label htmlFor={`${id}-consent`}>{t('newsletter.consent')}</label>
        </div>
        <input type="hidden" name="consent_version" value={NEWSLETTER_CONSENT.version} />
        <input type="hidden" name="source" value={source} />
        <p className="newsletter-privacy">
          {t('newsletter.privacy')} <a href={linkTo({ name: 'cms-page', slug: 'polityka-prywatnosci' })}>{t('newsletter.privacyLink')}</a>
        </p>
        <Button type="submit">{t('newsletter.submit')}</Button>
      </form>
      <p id={statusId} role="status" className={`newsletter-status${outcome && PROBLEMS.has(outcome) ? ' newsletter-status-problem' : ''}`}>
        {outcome ? messages[outcome] : ''}
      </p>
    </section>
  );
}
