import Fastify, { type FastifyInstance } from 'fastify';
import { loadTokenSecret } from './auth/group-token';
import { loggerOptions } from './auth/log-redaction';
import { customersPlugin } from './customers/customers-plugin';
import { cartPlugin } from './cart/cart-plugin';
import { catalogPlugin } from './catalog/catalog-plugin';
import { contentPlugin } from './content/content-plugin';
import { companiesPlugin } from './companies/companies-plugin';
import type { Config } from './config';
import type { Db } from './db/database';
import { experimentsPlugin } from './experiments/experiments-plugin';
import { healthPlugin } from './health/health-plugin';
import { imagesPlugin } from './images/images-plugin';
import { edgePlugin } from './edge/edge-plugin';
import { envelope } from './http/envelope';
import { finiteNumbers } from './http/finite-numbers';
import { RequestLinesAtDebug } from './http/request-log';
import { mailPlugin } from './mail/mail-plugin';
import { ShopMetrics } from './metrics';
import { metricsPlugin } from './metrics/metrics-plugin';
import { newsletterPlugin } from './newsletter/newsletter-plugin';
import { ordersPlugin } from './orders/orders-plugin';
import { paymentsPlugin } from './payments/payments-plugin';
import type { ServerRenderCheck } from './registry';
import { registryPlugin } from './registry/registry-plugin';
import { RegistryStore } from './registry';
import { searchReviews } from './reviews';
import { Reviews } from './reviews';
import { reviewsPlugin } from './reviews/reviews-plugin';
import { seoPlugin } from './seo/seo-plugin';
import { signalsPlugin } from './signals/signals-plugin';

export interface AppOptions {
  config: Config;
  db: Db;
  /** The moment prices are computed for (tests pin it); the wall clock by default. */
  clock?: () => Date;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /**
   * Fastify's line per request: `info` (the cluster, production: every request for the log
   * collector) or `debug` (a shop a person watches: `npm start`; http/request-log.ts).
   */
  requestLog?: 'info' | 'debug';
  /**
   * The shell beside this API, as the release gate checks a build against it: its build folder
   * (share-scope.json: the singletons every page shares) and the page server's server-render
   * check. Handed in by the composition root (composition/compose-shop.ts); what is missing, the gate
   * skips and says so.
   */
  shell?: { dist?: string; serverRender?: ServerRenderCheck };
}

/**
 * The HTTP application: the API under /api, the registry's under /registry/v1 and /mfe/, and the
 * OpenAPI document. One plugin per area, in the area's folder (`src/<area>/<area>-plugin.ts`),
 * registered below in this order; what one area needs of another is handed over explicitly,
 * from the `app.<name>` its owner decorates.
 */
export async function buildApp({ config, db, clock = () => new Date(), logStream, requestLog = 'info', shell = {} }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Tokens and cart ids travel as ?token=/?cartId= (VSF contract): logs cut them, e-mails and card-like numbers out (auth/log-redaction.ts).
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    ...(requestLog === 'debug' ? { logController: new RequestLinesAtDebug() } : {}),
    bodyLimit: 1024 * 1024,
    // An area's plugin may take long to start: the catalogue plugin loads the whole catalogue
    // (~30 s of a core at 100,000 products), more than Fastify's 10-s default allows a plugin.
    pluginTimeout: 0,
    // Behind a balancer (TRUST_PROXY): request.ip is the shopper's from X-Forwarded-For — the
    // per-IP rate limits count shoppers, not the balancer. Only the listed proxies are believed.
    trustProxy: config.trustProxy,
    // finiteNumbers: `?size=Infinity`/`1e309` answer 400 on every route (Ajv's coercion lets them past min/max).
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false }, plugins: [finiteNumbers] },
  });
  const tokenSecret = loadTokenSecret(config.tokenSecret, config.varDir); // signs sessions, group tokens, A/B pins and overrides
  const metrics = new ShopMetrics(); // every answer (edge), the signals, and GET /metrics (below)
  if (db.pool) metrics.watchPool(db.pool); // PostgreSQL's connections in use, idle and waited for, read at each scrape
  if (db.replication) metrics.watchReplication(db.replication); // and its replicas: streaming, lag

  await app.register(edgePlugin, { config, metrics }); // before every route: error answers, security headers, {} for empty JSON, body limits, response check, request counts, cache control, OpenAPI
  const registryStore = new RegistryStore(db);
  await app.register(signalsPlugin, {
    db,
    listener: metrics, // the signals counted on /metrics too
    publishedBuild: (hash) => registryStore.build(hash), // a beacon names only builds the registry published
    tokenSecret,
    viewsPerVisitor: config.signalsViewsPerVisitor,
    beaconsPerMinute: config.signalsBeaconsPerMinute,
  }); // app.signals: per remote build, written while the server runs; the browsers' beacon
  await app.register(healthPlugin, { db, store: config.store }); // /api/health and /api/store
  // The catalogue shows reviews and searches them through what the reviews area hands it (catalog/catalog-ports.ts).
  const reviews = new Reviews(db);
  const reviewSearch = (request: Parameters<typeof searchReviews>[0]) => searchReviews(request, reviews, (id) => app.catalog.productById(id));
  await app.register(catalogPlugin, { db, clock, tokenSecret, store: config.store, reviews, reviewSearch, metrics, snapshotFile: config.catalogSnapshot }); // app.catalog, app.groupTokens: search, products, stock, URLs, imports (import jobs counted on /metrics)
  await app.register(reviewsPlugin, { catalog: app.catalog, reviews, clock }); // /api/review: list and create
  await app.register(contentPlugin, { catalog: app.catalog }); // /api/cms, advice: from the catalogue's pages
  await app.register(imagesPlugin); // /img: product drawings
  await app.register(customersPlugin, { config, db, clock, tokenSecret, catalog: app.catalog, groupTokens: app.groupTokens }); // app.customers: user calls, wishlist
  await app.register(newsletterPlugin, { config, db, clock }); // app.newsletterCoupons: double opt-in, the marketing hook
  await app.register(cartPlugin, { db, clock, catalog: app.catalog, customers: app.customers, coupons: app.newsletterCoupons }); // app.carts: the cart calls
  await app.register(paymentsPlugin, { config, db, clock }); // app.payments, app.paymentNotifications: the sandbox gateway and its notifications
  await app.register(mailPlugin, { config, db }); // app.mailOutbox: sends what orders and accounts queue, started and stopped with the server
  // app.experiments: A/B pins, exposures and orders counted (the shop's remotes: the registry's, registered below)
  await app.register(experimentsPlugin, { db, clock, tokenSecret, isRemote: (name) => app.mfeRegistry.remotes.isRemote(name) });
  await app.register(ordersPlugin, {
    db,
    clock,
    storeCode: config.store.code,
    catalog: app.catalog,
    carts: app.carts,
    customers: app.customers,
    payments: app.payments,
    experiments: app.experiments,
  }); // POST /api/order and the thank-you page's reads
  await app.register(companiesPlugin); // a company by its NIP
  await app.register(registryPlugin, {
    db,
    tokenSecret,
    experiments: app.experiments.store,
    signals: app.signals,
    publicOrigin: config.publicOrigin,
    shellDist: shell.dist,
    serverRender: shell.serverRender,
    thresholds: config.canary,
    metrics, // file mismatches, canary decisions and shares on /metrics
  }); // app.mfeRegistry, app.overrides: /registry/v1 for teams, the builds' files under /mfe/
  await app.register(seoPlugin, { config, db, clock, catalog: app.catalog }); // app.seoFiles: /robots.txt, the sitemaps and the product feeds, written ahead by one instance, served by all
  await app.register(metricsPlugin, { metrics, tokens: app.mfeRegistry.tokens, allow: config.metricsAllow }); // GET /metrics: an operator's registry token or METRICS_ALLOW
  // Pages are the shell's page server's (shell/server), installed beside the API by the start script.
  app.setNotFoundHandler((request, reply) => reply.code(404).send(envelope(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`)));
  return app;
}
