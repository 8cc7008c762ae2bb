import type { NewsletterStatus, NewsletterStatusOf, NewsletterSubscribe, NewsletterUnsubscribe, RouteAnswer, RouteBody } from '@kaloryfer/api-contract';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';
import { apiJson } from '@kaloryfer/ui';
import { queueCall } from './queued-call';

const PATH = '/api/ext/newsletter';

const subscription = (email: string) =>
  ({ email, consentVersion: NEWSLETTER_CONSENT.version, source: 'account' }) satisfies RouteBody<typeof NewsletterSubscribe>;

/**
 * The newsletter calls carry no user token: the address is the customer's own e-mail. A change
 * (subscribe, unsubscribe) goes through the sync queue (spec §7, docs/offline.md): made offline,
 * it is sent when the connection returns.
 */
export const newsletterApi = {
  status: async (email: string) => (await apiJson<RouteAnswer<typeof NewsletterStatusOf>>(`${PATH}?${new URLSearchParams({ email })}`)).result,
  /** Double opt-in: `pending` (a confirmation link was mailed) or `subscribed` (already). Direct: registration is online. */
  subscribe: async (email: string) => (await apiJson<RouteAnswer<typeof NewsletterSubscribe>>(PATH, { method: 'POST', body: subscription(email) })).result,
  /** The account page's subscription, through the queue. */
  queueSubscribe: (email: string) => queueCall<NewsletterStatus>({ url: PATH, method: 'POST', body: subscription(email) }),
  /** Acts on a subscribed address only; answers the state after the call. Through the queue. */
  queueUnsubscribe: (email: string) =>
    queueCall<NewsletterStatus>({ url: PATH, method: 'DELETE', body: { email } satisfies RouteBody<typeof NewsletterUnsubscribe> }),
};
