import { loadTokenSecret } from '../auth/group-token';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { loopbackUrl } from '../http/loopback-url';
import { unencapsulated } from '../http/unencapsulated';
import { NOTIFY_PATH, paymentRoutes } from './payment-routes';
import { sandboxRoutes } from './sandbox-routes';
import { NotificationSender, RETRY_DELAYS_MS } from './notification-sender';
import { Payments } from './payments';
import { SandboxGateway } from './sandbox-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments of orders through the gateway; an order with an online payment starts one. */
    payments: Payments;
    /** The sandbox gateway's notifications under way (tests wait for them with `drain()`). */
    paymentNotifications: NotificationSender;
  }
}

/**
 * Payments (docs/polish-market.md): `app.payments` through the sandbox gateway, which behaves like
 * the Polish ones — its page, and its signed notifications to `POST /api/payment/notify`.
 */
export const paymentsPlugin = unencapsulated<{ config: Config; db: Db; clock: () => Date }>(async function paymentsPlugin(app, { config, db, clock }) {
  const notifications = new NotificationSender(RETRY_DELAYS_MS, (message) => app.log.warn(message));
  app.addHook('onClose', async () => notifications.stop());
  const paymentKey = loadTokenSecret(config.paymentKey, config.varDir, 'payment-key');
  const sandbox = new SandboxGateway(paymentKey, config.publicOrigin, notifications);
  const payments = new Payments(
    db,
    sandbox,
    {
      notifyUrl: () => config.paymentNotifyUrl ?? loopbackUrl(app, NOTIFY_PATH),
      continueUrl: (orderNumber, origin) => `${origin}/thank-you-page?order_increment_id=${orderNumber}`,
      returnOrigins: { allowed: [config.publicOrigin, ...config.publicOrigins], fallback: config.publicOrigin }, // PUBLIC_ORIGINS: the shopper's own origin when listed
    },
    clock,
  );
  app.decorate('payments', payments);
  app.decorate('paymentNotifications', notifications);
  await app.register(paymentRoutes, { payments });
  await app.register(sandboxRoutes, { gateway: sandbox });
});
