import { newsletterApi } from '../session/newsletter-api';

export type NewsletterAnswer = 'pending' | 'subscribed' | 'failed';

/**
 * The registration's newsletter box, ticked: the consent goes to the newsletter API with the
 * version of the wording shown and where it was given. Double opt-in: `pending` means a link was
 * mailed and nothing is subscribed until it is clicked; `subscribed`, the address already was.
 * The account is made already: a failure is only reported, it never undoes the account.
 */
export async function subscribeToNewsletter(email: string): Promise<NewsletterAnswer> {
  try {
    return (await newsletterApi.subscribe(email.trim())) === 'subscribed' ? 'subscribed' : 'pending';
  } catch {
    return 'failed';
  }
}
