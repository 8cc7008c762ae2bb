import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/src/newsletter/consent';
import { apiJson } from '@kaloryfer/ui';

/** What the newsletter API answers (api/src/routes/newsletter-routes.ts): `pending` until the e-mail's link is clicked. */
export type NewsletterStatus = 'subscribed' | 'pending' | 'unsubscribed';

const PATH = '/api/ext/newsletter';
type Envelope = { result: NewsletterStatus };

/** The newsletter calls carry no user token: the address is the customer's own e-mail. */
export const newsletterApi = {
  status: async (email: string) => (await apiJson<Envelope>(`${PATH}?${new URLSearchParams({ email })}`)).result,
  /** Double opt-in: `pending` (a confirmation link was mailed) or `subscribed` (already). */
  subscribe: async (email: string) =>
    (await apiJson<Envelope>(PATH, { method: 'POST', body: { email, consentVersion: NEWSLETTER_CONSENT.version, source: 'account' } })).result,
  /** Acts on a subscribed address only; answers the state after the call. */
  unsubscribe: async (email: string) => (await apiJson<Envelope>(PATH, { method: 'DELETE', body: { email } })).result,
};
