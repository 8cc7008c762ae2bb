import swagger from '@fastify/swagger';
import { installResponseCheck } from './http/response-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { GroupTokens, loadTokenSecret } from './auth/group-token';
import { Catalog } from './catalog/catalog';
import { CatalogSync } from './catalog/catalog-sync';
import type { Config } from './config';
import type { Db } from './db/database';
import { imageRoutes } from './routes/image-routes';
import { installErrorHandling } from './http/error-handler';
import { readEmptyJsonAsObject } from './http/json-body';
import { finiteNumbers } from './http/finite-numbers';
import { installBodyLimits } from './http/body-limits';
import { installCacheControl } from './http/cache-control';
import { installSecurityHeaders } from './http/security-headers';
import { envelope } from './http/envelope';
import { IdempotencyRecords } from './http/idempotency';
import { contentRoutes } from './routes/catalog/content-routes';
import { productRoutes } from './routes/catalog/product-routes';
import { reviewRoutes } from './routes/reviews';
import { cartRoutes } from './routes/cart-routes';
import { orderRoutes } from './routes/order-routes';
import { Orders } from './orders/orders';
import { userRoutes } from './routes/user-routes';
import { Customers } from './customers/customers';
import { PasswordHasher, OWASP_SCRYPT } from './auth/passwords';
import { loggerOptions } from './auth/log-redaction';
import { OrderHistory } from './customers/order-history';
import { Wishlists } from './customers/wishlist';
import { wishlistRoutes } from './routes/wishlist-routes';
import { TokenSigner } from './auth/signed-token';
import { Carts } from './cart/carts';
import { Reviews } from './reviews/reviews';
import { searchRoutes } from './routes/catalog/search-routes';
import { stockRoutes } from './routes/catalog/stock-routes';
import { urlRoutes } from './routes/catalog/url-routes';
import { healthRoutes } from './routes/health';
import { storeRoutes } from './routes/store';
import { MemorySearchEngine } from './search/memory/memory-engine';
import { FixtureCompanyRegister } from './companies/company-register';
import { createOutbox } from './mail/outbox';
import { MailWorker } from './mail/mail-worker';
import { NotificationSender, RETRY_DELAYS_MS } from './payments/notification-sender';
import { Payments } from './payments/payments';
import { SandboxGateway } from './payments/sandbox-gateway';
import { sandboxRoutes } from './routes/sandbox-routes';
import { companyRoutes } from './routes/company-routes';
import { NOTIFY_PATH, paymentRoutes } from './routes/payment-routes';
import { Newsletter } from './newsletter/newsletter';
import { NewsletterCoupons } from './newsletter/newsletter-coupons';
import { MARKETING_RECORDER_PATH, MarketingHook } from './newsletter/marketing-hook';
import { marketingRecorderRoutes } from './routes/marketing-recorder-routes';
import { newsletterRoutes } from './routes/newsletter-routes';
import { installRegistry } from './registry';
import { ExperimentCookie } from './experiments/experiment-cookie';
import { Experiments } from './experiments/experiments';
import { experimentRoutes } from './routes/experiment-routes';
import { ShopMetrics } from './metrics/metrics';
import { Signals } from './signals/signals';
import { signalRoutes } from './routes/signal-routes';
import { Overrides } from './registry/overrides';

/** The port this server listens on (known once it listens; notify URLs are made after that). */
function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue (search engine and lookups); call `refresh()` after changing catalogue rows. */
    catalog: Catalog;
    /** Signs and reads the customer-group tokens sent with catalogue searches. */
    groupTokens: GroupTokens;
    /** The sandbox gateway's notifications under way (tests wait for them with `drain()`). */
    paymentNotifications: NotificationSender;
    /** Delivers the mail outbox (order confirmations written with their orders); tests wait with `drain()`. */
    mailOutbox: MailWorker;
    /** A/B experiments: the pins cookie the page server signs, and the exposures and orders counted. */
    experiments: { cookie: ExperimentCookie; store: Experiments };
    /** Signals per remote build: the page server's renders, the browsers' beacons (api/src/signals). */
    signals: Signals;
    /** Reads the signed overrides teams' links set (api/src/registry/overrides.ts). */
    overrides: Overrides;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** The moment prices are computed for (tests pin it); the wall clock by default. */
  clock?: () => Date;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
}

/** The HTTP application: the API under /api and the OpenAPI document. */
export async function buildApp({ config, db, clock, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Tokens and cart ids travel as ?token=/?cartId= (VSF contract): logs cut them, e-mails and card-like numbers out (auth/log-redaction.ts).
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    bodyLimit: 1024 * 1024,
    // Behind a balancer (TRUST_PROXY): request.ip is the shopper's from X-Forwarded-For — the
    // per-IP rate limits count shoppers, not the balancer. Only the listed proxies are believed.
    trustProxy: config.trustProxy,
    // finiteNumbers: `?size=Infinity`/`1e309` answer 400 on every route (Ajv's coercion lets them past min/max).
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false }, plugins: [finiteNumbers] },
  });
  installErrorHandling(app);
  await installSecurityHeaders(app, { publicOrigin: config.publicOrigin }); // nosniff, no framing, referrer, permissions, HSTS on TLS; pages set their CSP
  readEmptyJsonAsObject(app); // before the routes: VSF's bodiless JSON POSTs read as {} everywhere
  installBodyLimits(app); // before the routes: each route's body limit from http/body-limits.ts (32 KiB unless listed)
  if (config.checkResponses) installResponseCheck(app); // tests and e2e: an answer off its schema (shared/api-contract) is a 500 naming the field
  // Signals per remote build and /metrics (docs/releasing.md, "Signals"): counted from the first route on.
  const metrics = new ShopMetrics();
  metrics.countRequests(app);
  // Real time, even under a test's fixed clock: the registry's canaries step by it.
  const signals = new Signals(db, () => new Date(), { listener: metrics });
  app.decorate('signals', signals);
  app.addHook('onReady', async () => signals.start());
  app.addHook('onClose', async () => signals.stop());
  installCacheControl(app); // before the routes: catalogue reads 5 min + 24 h stale, personalised and errors no-store; cart, order, user… no-store (http/cache-control.ts)

  await app.register(swagger, {
    openapi: {
      info: { title: 'Kaloryfer API', version: '1.0.0', description: 'vue-storefront-api compatible shop API' },
      servers: [{ url: '/' }],
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { db });
  await app.register(storeRoutes, { db, store: config.store });

  const now = clock ?? (() => new Date());
  const catalog = new Catalog(db, new MemorySearchEngine(), now);
  const reviews = new Reviews(db);
  await catalog.refresh();
  app.decorate('catalog', catalog);
  // Changes made by other instances or an import reach the catalogue and its search index:
  // at commit on PostgreSQL (LISTEN), within STOCK_SYNC_MS on SQLite (catalog-sync.ts).
  const catalogSync = new CatalogSync(db, catalog, { log: (message) => app.log.warn(message) });
  app.addHook('onReady', async () => catalogSync.start());
  app.addHook('onClose', async () => catalogSync.stop());
  const tokenSecret = loadTokenSecret(config.tokenSecret, config.varDir);
  const groupTokens = new GroupTokens(tokenSecret);
  app.decorate('groupTokens', groupTokens);
  await app.register(searchRoutes, { catalog, groupTokens, reviews });
  await app.register(productRoutes, { catalog, reviews, store: config.store });
  await app.register(reviewRoutes, { catalog, reviews, clock: now });
  const customers = new Customers(db, new TokenSigner(tokenSecret), now, {
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    hasher: new PasswordHasher({ ...OWASP_SCRYPT, logN: config.passwordScryptCost }),
    outbox: createOutbox(config),
    publicOrigin: config.publicOrigin,
  });
  await app.register(userRoutes, { customers, groupTokens, history: new OrderHistory(db) });
  await app.register(wishlistRoutes, { customers, wishlists: new Wishlists(db, catalog, now) });
  const newsletterCoupons = new NewsletterCoupons(db, now); // the newsletter's single-use codes, priced and redeemed by carts and orders
  const carts = new Carts(db, catalog, now, newsletterCoupons);
  await app.register(cartRoutes, { carts, customers, idempotency: new IdempotencyRecords(db, now) });
  const notifications = new NotificationSender(RETRY_DELAYS_MS, (message) => app.log.warn(message));
  app.addHook('onClose', async () => notifications.stop());
  const paymentKey = loadTokenSecret(config.paymentKey, config.varDir, 'payment-key');
  const sandbox = new SandboxGateway(paymentKey, config.publicOrigin, notifications);
  const payments = new Payments(
    db,
    sandbox,
    {
      notifyUrl: () => config.paymentNotifyUrl ?? `http://127.0.0.1:${listeningPort(app)}${NOTIFY_PATH}`,
      continueUrl: (orderNumber, origin) => `${origin}/thank-you-page?order_increment_id=${orderNumber}`,
      returnOrigins: { allowed: [config.publicOrigin, ...config.publicOrigins], fallback: config.publicOrigin }, // PUBLIC_ORIGINS: the shopper's own origin when listed
    },
    now,
  );
  app.decorate('paymentNotifications', notifications);
  // The order confirmation is queued in the order's transaction; this worker sends it, retrying with backoff, and on start whatever a crash left.
  const mailWorker = new MailWorker(db, createOutbox(config), {
    log: { warn: (message) => app.log.warn(message), error: (message) => app.log.error(message) },
  });
  app.decorate('mailOutbox', mailWorker);
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());
  // A/B experiments (docs/experiments.md): the page server signs each page's pins (kf_ab), orders and exposures are counted by them.
  const experimentCookie = new ExperimentCookie(tokenSecret);
  const experiments = new Experiments(db, now);
  app.decorate('experiments', { cookie: experimentCookie, store: experiments });
  await app.register(experimentRoutes, { experiments, cookie: experimentCookie });
  await app.register(orderRoutes, {
    orders: new Orders(db, carts, now, (rows) => catalog.patchStock(rows), config.store.code, experiments),
    carts,
    customers,
    payments,
    experimentCookie,
  });
  await app.register(paymentRoutes, { payments });
  await app.register(sandboxRoutes, { gateway: sandbox });
  await app.register(companyRoutes, { register: new FixtureCompanyRegister() });
  await app.register(stockRoutes, { db });
  await app.register(contentRoutes, { catalog });
  await app.register(urlRoutes, { catalog });
  await app.register(imageRoutes);
  const marketingHook = new MarketingHook(
    () => config.marketingUnsubscribeUrl ?? `http://127.0.0.1:${listeningPort(app)}${MARKETING_RECORDER_PATH}`,
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', async () => marketingHook.stop());
  if (!config.marketingUnsubscribeUrl) await app.register(marketingRecorderRoutes, { varDir: config.varDir, clock: now });
  const newsletter = new Newsletter({
    db,
    outbox: createOutbox(config),
    coupons: newsletterCoupons,
    hook: marketingHook,
    clock: now,
    publicOrigin: config.publicOrigin,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  await app.register(newsletterRoutes, { newsletter, publicOrigin: config.publicOrigin });
  // The remote registry: teams publish builds over HTTP (/registry/v1), every instance serves them (/mfe/…) — docs/releasing.md.
  // Overrides for teams: one browser loads another build for a while (docs/releasing.md, "Overrides").
  const overrides = new Overrides(tokenSecret);
  app.decorate('overrides', overrides);
  const registry = await installRegistry(app, { db, experiments, signals, overrides, publicOrigin: config.publicOrigin, thresholds: config.canary });
  await app.register(signalRoutes, { signals, store: registry.store });
  metrics.serve(app, { tokens: registry.tokens, allow: config.metricsAllow });
  // Pages are the shell's page server's (shell/server), installed beside the API by the start script.
  app.setNotFoundHandler((request, reply) => reply.code(404).send(envelope(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`)));
  return app;
}
