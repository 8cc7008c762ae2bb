import { createHash, randomBytes } from 'node:crypto';
import type { NewsletterStatus } from '@kaloryfer/api-contract';
import { CONFIRM_LINK_HOURS, consentOfVersion, NEWSLETTER_CONSENT, type ConsentSource, type ConsentText } from '@kaloryfer/domain/newsletter';
import type { Db } from '../db/database';
import type { Outbox } from '../mail';
import type { MarketingHook } from './marketing-hook';
import { confirmationMail, confirmLink, couponMail } from './newsletter-mail';
import type { NewsletterCoupons } from './newsletter-coupons';

// What `GET ?email=` answers (the contract's NewsletterStatus): VSF reads `subscribed`; the rest
// is the double opt-in's own state, as the subscriber's row keeps it.
export type ConfirmOutcome = 'confirmed' | 'used' | 'expired' | 'invalid';

export interface ConsentGiven {
  /** The wording's version the shopper saw; an unknown one is recorded as today's (which the e-mail quotes and the click confirms). */
  version?: string;
  source: ConsentSource;
}

export interface NewsletterOptions {
  db: Db;
  outbox: Outbox;
  coupons: NewsletterCoupons;
  hook: MarketingHook;
  clock: () => Date;
  publicOrigin: string;
  log: (message: string, error?: unknown) => void;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A failure the caller reports as "try again" (the e-mail could not be sent); nothing is left half done. */
export class NewsletterUnavailable extends Error {}

/**
 * The newsletter with double opt-in (spec §4, §7, §9; docs/content.md):
 * not subscribed → `subscribe` → pending (consent stored, confirmation link mailed) →
 * `confirm` (the link, once, within 48 h) → subscribed (unique 10 % coupon mailed) →
 * `unsubscribe` → unsubscribed (consent withdrawn, marketing automation told).
 * A subscribe while subscribed, or while pending with a live link, is ignored — no second
 * e-mail; an unsubscribe acts only on a subscribed address. Every change is a conditional
 * update on the row's revision, so twin requests cannot both act.
 */
export class Newsletter {
  constructor(private readonly options: NewsletterOptions) {}

  async status(email: string): Promise<NewsletterStatus> {
    const row = await this.find(normaliseEmail(email));
    return row?.status ?? 'unsubscribed';
  }

  /** Starts the double opt-in; answers the state after the call (`pending` also when it was ignored). */
  async subscribe(rawEmail: string, given: ConsentGiven): Promise<{ status: 'pending' | 'subscribed'; started: boolean }> {
    const email = normaliseEmail(rawEmail);
    const consent: ConsentText = (given.version ? consentOfVersion(given.version) : null) ?? NEWSLETTER_CONSENT;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const stamp = this.now();
      const row = await this.find(email);
      if (row?.status === 'subscribed') return { status: 'subscribed', started: false };
      if (row?.status === 'pending' && (await this.hasLiveLink(row.id, stamp))) return { status: 'pending', started: false };
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(this.options.clock().getTime() + CONFIRM_LINK_HOURS * 3_600_000).toISOString();
      const consentId = await this.options.db.kysely.transaction().execute(async (trx) => {
        let subscriberId: number;
        if (!row) {
          const inserted = await trx
            .insertInto('newsletter_subscriber')
            .values({
              email,
              status: 'pending',
              revision: 1,
              created_at: stamp,
              updated_at: stamp,
              subscribed_at: null,
              unsubscribed_at: null,
            })
            .onConflict((oc) => oc.column('email').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) return null;
          subscriberId = inserted.id;
        } else {
          const moved = await trx
            .updateTable('newsletter_subscriber')
            .set({ status: 'pending', revision: row.revision + 1, updated_at: stamp })
            .where('id', '=', row.id)
            .where('revision', '=', row.revision)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return null;
          subscriberId = row.id;
        }
        const { id } = await trx
          .insertInto('newsletter_consent')
          .values({
            subscriber_id: subscriberId,
            consent_version: consent.version,
            text_sha256: sha256(consent.text),
            source: given.source,
            requested_at: stamp,
            confirmed_at: null,
            withdrawn_at: null,
            token_hash: sha256(token),
            token_expires_at: expires,
            token_used_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      });
      if (consentId === null) continue; // another request changed the row meanwhile: look again
      try {
        await this.options.outbox.send(confirmationMail(email, confirmLink(this.options.publicOrigin, token), consent, CONFIRM_LINK_HOURS));
      } catch (error) {
        // Not sent: the link dies at once, so the next attempt is not ignored as "pending".
        await this.options.db.kysely.updateTable('newsletter_consent').set({ token_expires_at: stamp }).where('id', '=', consentId).execute();
        this.options.log('newsletter: the confirmation e-mail could not be sent', error);
        throw new NewsletterUnavailable('the confirmation e-mail could not be sent');
      }
      return { status: 'pending', started: true };
    }
    const settled = await this.find(email);
    return { status: settled?.status === 'subscribed' ? 'subscribed' : 'pending', started: false };
  }

  /** The confirmation link: once, before it expires. The first confirmation of an address issues its coupon. */
  async confirm(token: string): Promise<ConfirmOutcome> {
    if (!TOKEN.test(token)) return 'invalid';
    const stamp = this.now();
    const { db } = this.options;
    const consent = await db.kysely.selectFrom('newsletter_consent').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!consent) return 'invalid';
    if (consent.token_used_at !== null) return 'used';
    if (consent.token_expires_at <= stamp) return 'expired';
    const done = await db.kysely.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('newsletter_consent')
        .set({ token_used_at: stamp, confirmed_at: stamp })
        .where('id', '=', consent.id)
        .where('token_used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return null; // a twin click won
      const subscriber = await trx.selectFrom('newsletter_subscriber').selectAll().where('id', '=', consent.subscriber_id).executeTakeFirstOrThrow();
      await trx
        .updateTable('newsletter_subscriber')
        .set({ status: 'subscribed', revision: subscriber.revision + 1, updated_at: stamp, subscribed_at: stamp, unsubscribed_at: null })
        .where('id', '=', subscriber.id)
        .execute();
      const coupon = await this.options.coupons.issue(trx, subscriber.id);
      return { email: subscriber.email, coupon };
    });
    if (!done) return 'used';
    try {
      await this.options.outbox.send(couponMail(done.email, done.coupon, this.options.publicOrigin));
    } catch (error) {
      // The subscription and the coupon stand; the code can be sent again by hand from newsletter_coupon.
      this.options.log('newsletter: the coupon e-mail could not be sent', error);
    }
    return 'confirmed';
  }

  /** Only a subscribed address is unsubscribed (spec §4); its consent is marked withdrawn and the marketing tool told. */
  async unsubscribe(rawEmail: string): Promise<{ status: NewsletterStatus; changed: boolean }> {
    const email = normaliseEmail(rawEmail);
    const { db } = this.options;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await this.find(email);
      if (!row || row.status !== 'subscribed') return { status: row?.status ?? 'unsubscribed', changed: false };
      const stamp = this.now();
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('newsletter_subscriber')
          .set({ status: 'unsubscribed', revision: row.revision + 1, updated_at: stamp, unsubscribed_at: stamp })
          .where('id', '=', row.id)
          .where('revision', '=', row.revision)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('newsletter_consent')
          .set({ withdrawn_at: stamp })
          .where('subscriber_id', '=', row.id)
          .where('confirmed_at', 'is not', null)
          .where('withdrawn_at', 'is', null)
          .execute();
        return true;
      });
      if (!changed) continue;
      await this.options.hook.unsubscribed(email);
      return { status: 'unsubscribed', changed: true };
    }
    return { status: await this.status(email), changed: false };
  }

  private now(): string {
    return this.options.clock().toISOString();
  }

  private find(email: string) {
    return this.options.db.kysely.selectFrom('newsletter_subscriber').selectAll().where('email', '=', email).executeTakeFirst();
  }

  private async hasLiveLink(subscriberId: number, stamp: string): Promise<boolean> {
    const live = await this.options.db.kysely
      .selectFrom('newsletter_consent')
      .select('id')
      .where('subscriber_id', '=', subscriberId)
      .where('token_used_at', 'is', null)
      .where('token_expires_at', '>', stamp)
      .executeTakeFirst();
    return live !== undefined;
  }
}
