import { randomInt } from 'node:crypto';
import {
  isNewsletterCouponCode,
  NEWSLETTER_CODE_ALPHABET,
  NEWSLETTER_COUPON_PERCENT,
  newsletterCoupon,
  normaliseCouponCode,
  type Coupon,
} from '@kaloryfer/domain';
import type { Kysely } from 'kysely';
import type { IssuedCoupons } from '../cart';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** `NL10-XXXX-XXXX`: 8 characters of a 31-letter alphabet (~8.5 × 10^11 codes), drawn with the CSPRNG. */
export function newCouponCode(): string {
  const part = () => Array.from({ length: 4 }, () => NEWSLETTER_CODE_ALPHABET[randomInt(NEWSLETTER_CODE_ALPHABET.length)]).join('');
  return `NL10-${part()}-${part()}`;
}

/**
 * The newsletter's unique coupons as the cart sees them (`IssuedCoupons`): a code that looks
 * like one is looked up (only while unused); an order redeems it inside its own transaction with
 * a conditional update, so two orders racing for one code get one discount.
 */
export class NewsletterCoupons implements IssuedCoupons {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  async find(code: string): Promise<Coupon | null> {
    if (!isNewsletterCouponCode(code)) return null;
    const row = await this.db.kysely
      .selectFrom('newsletter_coupon')
      .select(['code', 'percent'])
      .where('code', '=', normaliseCouponCode(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return row ? newsletterCoupon(row.code) : null;
  }

  async redeem(trx: Kysely<Database>, code: string, orderId: number): Promise<boolean> {
    const result = await trx
      .updateTable('newsletter_coupon')
      .set({ used_at: this.clock().toISOString(), order_id: orderId })
      .where('code', '=', normaliseCouponCode(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The subscriber's coupon, issued now if they never had one (one per address, ever: a second
   * subscription after unsubscribing brings no second code). Inside the confirmation's transaction.
   */
  async issue(trx: Kysely<Database>, subscriberId: number): Promise<{ code: string; used: boolean; fresh: boolean }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await trx.selectFrom('newsletter_coupon').select(['code', 'used_at']).where('subscriber_id', '=', subscriberId).executeTakeFirst();
      if (existing) return { code: existing.code, used: existing.used_at !== null, fresh: false };
      const code = newCouponCode();
      // DO NOTHING on either key: a twin confirmation (same subscriber) or, very rarely, a code drawn twice — then look again.
      const inserted = await trx
        .insertInto('newsletter_coupon')
        .values({
          code,
          subscriber_id: subscriberId,
          percent: NEWSLETTER_COUPON_PERCENT,
          created_at: this.clock().toISOString(),
          used_at: null,
          order_id: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst();
      if (inserted) return { code: inserted.code, used: false, fresh: true };
    }
    throw new Error('could not draw a free newsletter coupon code');
  }
}
