import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/src/newsletter/consent';
import { apiJson } from '@kaloryfer/ui';

/** The newsletter API (api/src/newsletter/newsletter-routes.ts): JSON in, `pending` or `subscribed` out. */
export const NEWSLETTER_PATH = '/api/ext/newsletter';

export type NewsletterAnswer = 'pending' | 'subscribed' | 'failed';

/**
 * The registration's newsletter box, ticked: the consent goes to the newsletter API with the
 * version of the wording shown and where it was given. Double opt-in: `pending` means a link was
 * mailed and nothing is subscribed until it is clicked; `subscribed`, the address already was.
 * The account is made already: a failure is only reported, it never undoes the account.
 */
export async function subscribeToNewsletter(email: string): Promise<NewsletterAnswer> {
  try {
    const answer = await apiJson<{ result: string }>(NEWSLETTER_PATH, {
      method: 'POST',
      body: { email: email.trim(), consentVersion: NEWSLETTER_CONSENT.version, source: 'account' },
    });
    return answer.result === 'subscribed' ? 'subscribed' : 'pending';
  } catch {
    return 'failed';
  }
}
