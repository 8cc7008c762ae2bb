import type { RatingHistogram, Review, ReviewSummary } from '@kaloryfer/api-contract';
import { reviewSummary } from '@kaloryfer/domain';
import type { Db } from '../db/database';

export interface NewReview {
  product_id: number;
  nickname: string;
  title: string;
  detail: string;
  /** 1–5, or null: VSF 1.12's default theme sends reviews without stars. */
  rating: number | null;
}

/**
 * Reviews of parent products. Only approved reviews are listed and counted; a shopper's new
 * review waits for moderation. Sending the same review twice (double click, retry) stores it
 * once. A review without stars is listed and counted, and left out of the average and the
 * per-star counts.
 */
export class Reviews {
  constructor(private readonly db: Db) {}

  async summary(productId: number): Promise<ReviewSummary> {
    const rows = await this.db.kysely
      .selectFrom('review')
      .select(['rating', (eb) => eb.fn.countAll<number>().as('count')])
      .where('product_id', '=', productId)
      .where('status', '=', 'approved')
      .groupBy('rating')
      .execute();
    const histogram: RatingHistogram = [0, 0, 0, 0, 0];
    let unrated = 0;
    for (const row of rows) {
      if (row.rating === null) unrated = Number(row.count);
      else histogram[row.rating - 1] = Number(row.count);
    }
    return reviewSummary(histogram, unrated);
  }

  /** Newest first. */
  async list(productId: number, from: number, size: number): Promise<Review[]> {
    return this.db.kysely
      .selectFrom('review')
      .select(['id', 'nickname', 'title', 'detail', 'rating', 'created_at'])
      .where('product_id', '=', productId)
      .where('status', '=', 'approved')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(from)
      .limit(size)
      .execute();
  }

  async create(review: NewReview, now: Date): Promise<{ id: number; status: 'pending' }> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const same = await trx
        .selectFrom('review')
        .select('id')
        .where('product_id', '=', review.product_id)
        .where('nickname', '=', review.nickname)
        .where('title', '=', review.title)
        .where('detail', '=', review.detail)
        .where('rating', review.rating === null ? 'is' : '=', review.rating)
        .executeTakeFirst();
      if (same) return { id: same.id, status: 'pending' as const };
      const inserted = await trx
        .insertInto('review')
        .values({ ...review, status: 'pending', created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: inserted.id, status: 'pending' as const };
    });
  }
}
