import type { GroupTokens } from '../auth/group-token';
import { OWASP_SCRYPT, PasswordHasher } from '../auth/passwords';
import { TooManyAttempts } from '../auth/rate-limit';
import { TokenSigner } from '../auth/signed-token';
import type { Catalog } from '../catalog';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ApiError, envelope } from '../http/envelope';
import { unencapsulated } from '../http/unencapsulated';
import { createOutbox } from '../mail';
import { userRoutes } from './user-routes';
import { wishlistRoutes } from './wishlist-routes';
import { Customers } from './customers';
import { OrderHistory } from './order-history';
import { Wishlists } from './wishlist';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customers: accounts, their sign-in sessions and profiles; cart and order calls learn from it who calls. */
    customers: Customers;
  }
}

interface AccountOptions {
  config: Config;
  db: Db;
  clock: () => Date;
  /** Signs the access and refresh tokens. */
  tokenSecret: Buffer;
  /** The products a wishlist names. */
  catalog: Catalog;
  /** A customer's profile carries their group's token for catalogue searches. */
  groupTokens: GroupTokens;
}

/**
 * Accounts (docs/account.md): `app.customers`, and the user calls (sign-up, sign-in, sessions,
 * password reset, profile, order history) and the wishlist.
 */
export const customersPlugin = unencapsulated<AccountOptions>(async function customersPlugin(app, { config, db, clock, tokenSecret, catalog, groupTokens }) {
  const customers = new Customers(db, new TokenSigner(tokenSecret), clock, {
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    hasher: new PasswordHasher({ ...OWASP_SCRYPT, logN: config.passwordScryptCost }),
    outbox: createOutbox(config),
    publicOrigin: config.publicOrigin,
  });
  app.decorate('customers', customers);
  // Encapsulated: the account calls' error answers below are theirs alone.
  await app.register(async function accountRoutes(account) {
    // TooManyAttempts answers 429 with Retry-After (seconds) and meta.retryAfter; a 5xx ApiError
    // (the reset e-mail that could not be sent) is logged with its cause; everything else goes on
    // to the app's error handler.
    account.setErrorHandler((error, request, reply) => {
      if (error instanceof TooManyAttempts) {
        return reply
          .code(429)
          .header('Retry-After', String(error.retryAfterSeconds))
          .send(envelope(429, error.message, { retryAfter: error.retryAfterSeconds }));
      }
      if (error instanceof ApiError && error.statusCode >= 500) request.log.error({ err: (error as { cause?: unknown }).cause ?? error }, error.message);
      throw error;
    });
    await account.register(userRoutes, { customers, groupTokens, history: new OrderHistory(db) });
    await account.register(wishlistRoutes, { customers, wishlists: new Wishlists(db, catalog, clock) });
  });
});
