import type { Config } from '../config';
import type { Db } from '../db/database';
import { loopbackUrl } from '../http/loopback-url';
import { unencapsulated } from '../http/unencapsulated';
import { createOutbox } from '../mail';
import { marketingRecorderRoutes } from './marketing-recorder-routes';
import { newsletterRoutes } from './newsletter-routes';
import { MARKETING_RECORDER_PATH, MarketingHook } from './marketing-hook';
import { Newsletter } from './newsletter';
import { NewsletterCoupons } from './newsletter-coupons';

declare module 'fastify' {
  interface FastifyInstance {
    /** The newsletter's single-use coupon codes, priced and redeemed by carts and orders. */
    newsletterCoupons: NewsletterCoupons;
  }
}

/**
 * The newsletter (docs/content.md, "Newsletter and consent"): double opt-in subscriptions, their
 * single-use coupons (`app.newsletterCoupons`), and the marketing automation told of every
 * unsubscription — by default this server's own recorder on loopback.
 */
export const newsletterPlugin = unencapsulated<{ config: Config; db: Db; clock: () => Date }>(async function newsletterPlugin(app, { config, db, clock }) {
  const coupons = new NewsletterCoupons(db, clock);
  app.decorate('newsletterCoupons', coupons);
  const marketingHook = new MarketingHook(
    () => config.marketingUnsubscribeUrl ?? loopbackUrl(app, MARKETING_RECORDER_PATH),
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', async () => marketingHook.stop());
  if (!config.marketingUnsubscribeUrl) await app.register(marketingRecorderRoutes, { varDir: config.varDir, clock });
  const newsletter = new Newsletter({
    db,
    outbox: createOutbox(config),
    coupons,
    hook: marketingHook,
    clock,
    publicOrigin: config.publicOrigin,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  await app.register(newsletterRoutes, { newsletter, publicOrigin: config.publicOrigin });
});
