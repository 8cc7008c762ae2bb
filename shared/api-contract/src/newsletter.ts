import { Type, type Static } from '@sinclair/typebox';
import { answers, ErrorEnvelope } from './envelope';

/**
 * The newsletter calls (spec §7, vsf-contract.md) with double opt-in (docs/content.md), each at
 * `/api/ext/newsletter` and at VSF 1.12's `/api/ext/mailchimp-subscribe/subscribe`: GET the
 * status of an address, POST to subscribe (a confirmation link is mailed), DELETE to unsubscribe.
 * The e-mail's confirmation link and the footer's form without JavaScript answer 303 to a page.
 */

/** Where an address stands: `pending` while its confirmation link is unanswered. */
export const NewsletterStatus = Type.Union([Type.Literal('subscribed'), Type.Literal('pending'), Type.Literal('unsubscribed')]);
export type NewsletterStatus = Static<typeof NewsletterStatus>;

/** The e-mail is optional to the schema so that a missing one gets the spec's message (`Field is required`), not a validation error. */
const Email = Type.Optional(Type.String({ maxLength: 1000 }));

export const NewsletterStatusOf = {
  summary: 'Newsletter status of an address: subscribed, pending (confirmation link sent) or unsubscribed',
  tags: ['newsletter'],
  querystring: Type.Object({ email: Email }, { additionalProperties: true }),
  response: answers(NewsletterStatus),
};

/** `pending`: a confirmation link went out (or one still works); `subscribed`: already, nothing sent. */
export const NewsletterSubscribe = {
  summary: 'Subscribe (double opt-in): stores the consent and mails a confirmation link; ignored while pending or subscribed',
  tags: ['newsletter'],
  body: Type.Object(
    {
      email: Email,
      consentVersion: Type.Optional(
        Type.String({ maxLength: 32, description: "the version of the consent wording shown (shared/domain/src/newsletter/consent.ts); today's when absent" }),
      ),
      source: Type.Optional(
        Type.Union(
          // CONSENT_SOURCES of shared/domain/src/newsletter/consent.ts, which fails to compile when they differ.
          [Type.Literal('footer'), Type.Literal('home'), Type.Literal('account'), Type.Literal('api')],
          { description: 'where the consent was given; api when absent' },
        ),
      ),
    },
    { additionalProperties: true },
  ),
  response: answers(Type.Union([Type.Literal('pending'), Type.Literal('subscribed')])),
};

/** The status after: `unsubscribed`, or what it was when the address was not subscribed (nothing changes then). */
export const NewsletterUnsubscribe = {
  summary: 'Unsubscribe (only a subscribed address): consent withdrawn, the marketing-automation hook called with {email}',
  tags: ['newsletter'],
  body: Type.Object({ email: Email }, { additionalProperties: true }),
  response: answers(NewsletterStatus),
};

/** A 303 to a page of the shop carrying the outcome in `?newsletter=`; no body. Bad input is still the JSON error envelope. */
const seeOther = (description: string) => ({ 303: Type.Null({ description }), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope });

export const NewsletterConfirm = {
  summary: 'The confirmation link of the double opt-in: 303 to the shop with ?newsletter=confirmed | link-used | link-expired | link-invalid',
  tags: ['newsletter'],
  querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
  response: seeOther('to the home page with ?newsletter=<outcome>#newsletter'),
};

/** The footer's form, as a browser without JavaScript posts it (urlencoded strings). */
export const NewsletterForm = {
  summary: "The footer's sign-up form (urlencoded, works without JavaScript): 303 back with ?newsletter=check-inbox | invalid-email | no-consent | already",
  tags: ['newsletter'],
  body: Type.Object(
    {
      email: Type.Optional(Type.String({ maxLength: 2000 })),
      consent: Type.Optional(Type.String({ maxLength: 16 })),
      consent_version: Type.Optional(Type.String({ maxLength: 32 })),
      source: Type.Optional(Type.String({ maxLength: 16 })),
    },
    { additionalProperties: true },
  ),
  response: seeOther('back to the page the form was on with ?newsletter=<outcome>#newsletter'),
};
