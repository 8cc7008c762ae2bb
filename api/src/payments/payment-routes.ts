import { PaymentNotify } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError, sendResult } from '../http/envelope';
import type { Payments } from './payments';

export const NOTIFY_PATH = '/api/payment/notify';

/**
 * The gateway's server-to-server notification. The body is kept as received: the signature is
 * over those exact bytes. Unverified → 401 and nothing read; verified → applied once and
 * answered 200 (a duplicate or replay is answered 200 too, changing nothing, so the gateway
 * stops repeating it).
 */
export async function paymentRoutes(app: FastifyInstance, { payments }: { payments: Payments }) {
  app.removeContentTypeParser('application/json'); // the app's JSON parser (http/json-body.ts) is replaced: this route keeps the raw bytes
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  // No body schema: the body is the raw text the signature covers (the contract says so).
  app.withTypeProvider<TypeBoxTypeProvider>().post(NOTIFY_PATH, { schema: PaymentNotify }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const notification = payments.verify(raw, request.headers);
    if (!notification) throw new ApiError(401, 'The notification signature does not verify');
    const outcome = await payments.notify(notification, raw);
    request.log.info({ gatewayOrderId: notification.gatewayOrderId, status: notification.status, outcome }, 'payment notification');
    return sendResult(reply, outcome);
  });
}
