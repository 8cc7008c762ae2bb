import { first, JSON_HEADERS, need, ok, type VsfCall } from './types';

/** VSF 1.12.3 core/data-resolver/NewsletterService.ts at config `newsletter.endpoint` /api/ext/mailchimp-subscribe/subscribe. */
const PATH = '/api/ext/mailchimp-subscribe/subscribe';

export const newsletterCalls: VsfCall[] = [
  {
    call: 'newsletter (GET status)',
    source: 'NewsletterService.isSubscribed: ?email=encodeURIComponent(email); result === "subscribed"',
    method: 'GET',
    url: (ctx) => `${PATH}?email=${encodeURIComponent(ctx.email)}`,
    headers: JSON_HEADERS,
    reads: (answer) => first(ok(answer), need(typeof answer.body?.result === 'string', 'result: a status string')),
  },
  {
    call: 'newsletter (POST subscribe)',
    source: 'NewsletterService.subscribe: {email}; code 200',
    method: 'POST',
    url: PATH,
    headers: JSON_HEADERS,
    body: (ctx) => ({ email: ctx.email }),
    reads: (answer) => ok(answer),
  },
  {
    call: 'newsletter (DELETE unsubscribe)',
    source: 'NewsletterService.unsubscribe: DELETE with {email}; code 200',
    method: 'DELETE',
    url: PATH,
    headers: JSON_HEADERS,
    body: (ctx) => ({ email: ctx.email }),
    reads: (answer) => ok(answer),
  },
];
