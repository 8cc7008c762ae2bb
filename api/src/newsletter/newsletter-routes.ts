import { NewsletterConfirm, NewsletterForm, NewsletterStatusOf, NewsletterSubscribe, NewsletterUnsubscribe } from '@kaloryfer/api-contract';
import { emailProblem } from '@kaloryfer/domain';
import { consentOfVersion, isConsentSource, newsletterOutcomeUrl, type NewsletterOutcome } from '@kaloryfer/domain/newsletter';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, envelope, sendResult } from '../http/envelope';
import { CROSS_SITE_FORM, isCrossSiteForm } from '@kaloryfer/api-contract';
import { NewsletterUnavailable, type ConfirmOutcome, type Newsletter } from './newsletter';

export const NEWSLETTER_PATH = '/api/ext/newsletter';
/** Where VSF 1.12's newsletter module sends the same three calls (docs/vsf-contract.md). */
export const VSF_NEWSLETTER_PATH = '/api/ext/mailchimp-subscribe/subscribe';
export const CONFIRM_PATH = `${NEWSLETTER_PATH}/confirm`;
export const FORM_PATH = `${NEWSLETTER_PATH}/form`;

export const UNKNOWN_CONSENT_VERSION = 'Unknown consent version';
const SOMETHING_WENT_WRONG = 'Something went wrong';

/** The spec's message for a missing or malformed address ('Field is required' / 'Please provide valid e-mail address'). */
function checkedEmail(email: string | undefined): string {
  const problem = emailProblem(email ?? '');
  if (problem) throw new ApiError(400, problem);
  return email!;
}

/**
 * The page to send a form's shopper back to: the Referer's path when it is this shop's own page
 * (same host, or the public origin), else the home page. Path only: no query, no other host,
 * never `//host` (leading slashes collapsed) and never an API address.
 */
export function backPath(request: FastifyRequest, publicOrigin: string): string {
  const referer = request.headers.referer;
  if (!referer) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '/';
  const sameOrigin = url.origin === publicOrigin || (request.headers.host !== undefined && url.host === request.headers.host);
  if (!sameOrigin) return '/';
  const path = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return path.startsWith('/api/') || path === '/api' ? '/' : path;
}

const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).header('cache-control', 'no-store').send();

const CONFIRM_OUTCOME: Record<ConfirmOutcome, NewsletterOutcome> = {
  confirmed: 'confirmed',
  used: 'link-used',
  expired: 'link-expired',
  invalid: 'link-invalid',
};

/**
 * The newsletter calls (spec §7, docs/vsf-contract.md) with double opt-in (docs/content.md):
 * `GET ?email=` → `subscribed` | `pending` | `unsubscribed`; `POST {email}` → `pending` (a
 * confirmation link is mailed) or `subscribed` (already; nothing sent); `DELETE {email}` →
 * `unsubscribed` (and the marketing-automation hook) — each also at VSF 1.12's address.
 * `GET /confirm?token=` is the e-mail's link; `POST /form` is the footer's form without
 * JavaScript. Both answer 303 to a page of the shop with `?newsletter=<outcome>#newsletter`.
 */
export async function newsletterRoutes(app: FastifyInstance, { newsletter, publicOrigin }: { newsletter: Newsletter; publicOrigin: string }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const path of [NEWSLETTER_PATH, VSF_NEWSLETTER_PATH]) {
    routes.get(path, { schema: NewsletterStatusOf }, async (request, reply) => sendResult(reply, await newsletter.status(checkedEmail(request.query.email))));

    routes.post(path, { schema: NewsletterSubscribe }, async (request, reply) => {
      const email = checkedEmail(request.body.email);
      const { consentVersion, source } = request.body;
      if (consentVersion !== undefined && !consentOfVersion(consentVersion)) throw new ApiError(400, UNKNOWN_CONSENT_VERSION);
      try {
        const { status } = await newsletter.subscribe(email, { version: consentVersion, source: source ?? 'api' });
        return sendResult(reply, status);
      } catch (error) {
        if (error instanceof NewsletterUnavailable) throw new ApiError(503, SOMETHING_WENT_WRONG);
        throw error;
      }
    });

    routes.delete(path, { schema: NewsletterUnsubscribe }, async (request, reply) =>
      sendResult(reply, (await newsletter.unsubscribe(checkedEmail(request.body.email))).status),
    );
  }

  routes.get(CONFIRM_PATH, { schema: NewsletterConfirm }, async (request, reply) => {
    try {
      return seeOther(reply, newsletterOutcomeUrl('/', CONFIRM_OUTCOME[await newsletter.confirm(request.query.token ?? '')]));
    } catch (error) {
      request.log.error({ err: error }, 'newsletter confirmation failed');
      return seeOther(reply, newsletterOutcomeUrl('/', 'error'));
    }
  });

  // The form posts urlencoded; this parser serves this route only (no @fastify/formbody in the shop).
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    form.withTypeProvider<TypeBoxTypeProvider>().post(FORM_PATH, { schema: NewsletterForm }, async (request, reply) => {
      if (isCrossSiteForm(request, [publicOrigin])) return reply.code(403).send(envelope(403, CROSS_SITE_FORM));
      const back = backPath(request, publicOrigin);
      const { email, consent, consent_version: version, source } = request.body ?? {};
      // The answer goes back to the form that asked (the home page has its own besides the footer's).
      const form = source === 'home' ? 'home' : 'footer';
      if (emailProblem(email ?? '')) return seeOther(reply, newsletterOutcomeUrl(back, 'invalid-email', form));
      if (consent !== 'yes' && consent !== 'on') return seeOther(reply, newsletterOutcomeUrl(back, 'no-consent', form));
      try {
        const result = await newsletter.subscribe(email!, { version, source: source && isConsentSource(source) ? source : 'footer' });
        return seeOther(reply, newsletterOutcomeUrl(back, result.status === 'subscribed' ? 'already' : 'check-inbox', form));
      } catch (error) {
        request.log.error({ err: error }, 'newsletter sign-up failed');
        return seeOther(reply, newsletterOutcomeUrl(back, 'error', form));
      }
    });
  });
}
