import type { Config } from '../config';
import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import { MailWorker } from './mail-worker';
import { createOutbox } from './outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the mail outbox (order confirmations written with their orders); tests wait with `drain()`. */
    mailOutbox: MailWorker;
  }
}

/**
 * The mail outbox's worker (`app.mailOutbox`): an order confirmation is queued in the order's
 * transaction; this worker sends it, retrying with backoff, and on start whatever a crash left.
 */
export const mailPlugin = unencapsulated<{ config: Config; db: Db }>(async function mailPlugin(app, { config, db }) {
  const mailWorker = new MailWorker(db, createOutbox(config), {
    log: { warn: (message) => app.log.warn(message), error: (message) => app.log.error(message) },
  });
  app.decorate('mailOutbox', mailWorker);
  app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onClose', async () => mailWorker.stop());
});
