import type { NewsletterSubscribe } from '@kaloryfer/api-contract';

/**
 * The newsletter consent (PKE art. 398, GDPR art. 7): the one place its wording lives. The
 * sign-up form shows it next to an unticked checkbox and sends its version; the API stores that
 * version with the consent and quotes the same text in the confirmation e-mail. Never change a
 * published text in place — add a new version at the end (the old one stays, so every stored
 * consent can still be shown as it was given). Each language's dictionary carries the current
 * text under `newsletter.consent`; the Polish one must equal `text` (a test checks it).
 */
export interface ConsentText {
  /** When this wording took effect (YYYY-MM-DD); stored with every consent given under it. */
  version: string;
  /** The Polish wording, as the shopper reads it. */
  text: string;
}

export const NEWSLETTER_CONSENTS: readonly ConsentText[] = [
  {
    version: '2026-11-01',
    text:
      'Wyrażam zgodę na przesyłanie przez Kaloryfer sp. z o.o. na podany adres e-mail newslettera z informacjami handlowymi ' +
      '(nowości, promocje, porady). Zgodę mogę wycofać w każdej chwili: linkiem w każdym newsletterze, w ustawieniach konta ' +
      'lub pisząc na sklep@kaloryfer.pl.',
  },
];

/** The wording shown today. */
export const NEWSLETTER_CONSENT: ConsentText = NEWSLETTER_CONSENTS[NEWSLETTER_CONSENTS.length - 1];

export function consentOfVersion(version: string): ConsentText | null {
  return NEWSLETTER_CONSENTS.find((consent) => consent.version === version) ?? null;
}

/** The sources the API's schema takes (NewsletterSubscribe's body, which cannot import this list). */
type SchemaConsentSource = NonNullable<(typeof NewsletterSubscribe)['body']['static']['source']>;

/** Where a consent was given: the footer form, the home page's form, the account page, a VSF client's JSON call. */
export const CONSENT_SOURCES = ['footer', 'home', 'account', 'api'] as const satisfies readonly SchemaConsentSource[];
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** A compile error here names a source the API's schema takes and this list leaves out. */
type NoneMissing<Missing extends never> = Missing;
export type EverySchemaSourceListed = NoneMissing<Exclude<SchemaConsentSource, ConsentSource>>;

export const isConsentSource = (value: string): value is ConsentSource => (CONSENT_SOURCES as readonly string[]).includes(value);

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 48;

/**
 * What the sign-up form's page is told after a submit or a confirmation link
 * (`?newsletter=…#newsletter`): the footer shows the matching message. `check-inbox` until the
 * link is clicked — never "subscribed" before that.
 */
export const NEWSLETTER_OUTCOMES = [
  'check-inbox',
  'invalid-email',
  'no-consent',
  'already',
  'confirmed',
  'link-used',
  'link-expired',
  'link-invalid',
  'error',
] as const;
export type NewsletterOutcome = (typeof NEWSLETTER_OUTCOMES)[number];

export const isNewsletterOutcome = (value: string | null): value is NewsletterOutcome =>
  value !== null && (NEWSLETTER_OUTCOMES as readonly string[]).includes(value);

/** The anchor of the sign-up form (the footer's section). */
export const NEWSLETTER_ANCHOR = 'newsletter';

/** Which sign-up form on a page: the footer's on every page, the home page's own (the form's `source`). */
export type NewsletterFormId = 'footer' | 'home';
/** The query parameter that says which form an outcome answers (absent: the footer's). */
export const NEWSLETTER_FORM_PARAM = 'newsletter_form';

/** The section's id, the anchor the API's redirect goes back to. */
export const newsletterAnchor = (form: NewsletterFormId) => (form === 'footer' ? NEWSLETTER_ANCHOR : `${NEWSLETTER_ANCHOR}-${form}`);

/**
 * Where the API sends the shopper back after a form or a confirmation link: the page, the
 * outcome, which form it answers (so the home page's two forms do not both speak), its anchor.
 */
export function newsletterOutcomeUrl(path: string, outcome: NewsletterOutcome, form: NewsletterFormId = 'footer'): string {
  const query = new URLSearchParams({ newsletter: outcome, ...(form === 'footer' ? {} : { [NEWSLETTER_FORM_PARAM]: form }) });
  return `${path}?${query}#${newsletterAnchor(form)}`;
}
