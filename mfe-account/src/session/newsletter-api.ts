import type { NewsletterStatusOf, NewsletterSubscribe, NewsletterUnsubscribe, RouteAnswer, RouteBody } from '@kaloryfer/api-contract';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/src/newsletter/consent';
import { apiJson } from '@kaloryfer/ui';

const PATH = '/api/ext/newsletter';

/** The newsletter calls carry no user token: the address is the customer's own e-mail. */
export const newsletterApi = {
  status: async (email: string) => (await apiJson<RouteAnswer<typeof NewsletterStatusOf>>(`${PATH}?${new URLSearchParams({ email })}`)).result,
  /** Double opt-in: `pending` (a confirmation link was mailed) or `subscribed` (already). */
  subscribe: async (email: string) =>
    (
      await apiJson<RouteAnswer<typeof NewsletterSubscribe>>(PATH, {
        method: 'POST',
        body: { email, consentVersion: NEWSLETTER_CONSENT.version, source: 'account' } satisfies RouteBody<typeof NewsletterSubscribe>,
      })
    ).result,
  /** Acts on a subscribed address only; answers the state after the call. */
  unsubscribe: async (email: string) =>
    (await apiJson<RouteAnswer<typeof NewsletterUnsubscribe>>(PATH, { method: 'DELETE', body: { email } satisfies RouteBody<typeof NewsletterUnsubscribe> }))
      .result,
};
