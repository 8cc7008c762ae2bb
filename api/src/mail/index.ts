/**
 * The mail's door: what other areas use of it — the outbox, the queue an order's mail is written to in its transaction, the order confirmation.
 * Another area imports this folder through this file only (its plugin is app.ts's door); the
 * lint refuses an import of any other file here (eslint.config.mjs, api/README.md).
 */
export { announceMail, enqueueMail, mailRow } from './mail-queue';
export { orderConfirmation } from './order-confirmation';
export { createOutbox, type MailMessage, type Outbox } from './outbox';
