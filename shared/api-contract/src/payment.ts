import { Type, type Static } from '@sinclair/typebox';
import { answers } from './envelope';

/**
 * What a verified gateway notification did (docs/orders.md "Payments"): `applied` moved the
 * payment attempt (and the order), `unchanged` was a duplicate, a replay or a PENDING, `ignored`
 * was signed but about no payment the shop registered as it says.
 */
export const NotificationOutcome = Type.Union([Type.Literal('applied'), Type.Literal('unchanged'), Type.Literal('ignored')]);
export type NotificationOutcome = Static<typeof NotificationOutcome>;

/**
 * `POST /api/payment/notify`: the gateway's server-to-server notification. The body is read as
 * raw text, not JSON (the signature is over its exact bytes), so it has no schema here; an
 * unverified one is answered 401.
 */
export const PaymentNotify = {
  summary: 'Payment gateway notification (signed: OpenPayu-Signature, HMAC-SHA256 of the raw body)',
  tags: ['payment'],
  response: answers(NotificationOutcome),
};
