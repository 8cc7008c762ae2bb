import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import { ApiError } from './envelope';

/** The header a client names a change with (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key: a UUID, or any 8–128 letters, digits, `-` and `_`. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a key's answer is kept: a client re-sends within seconds or minutes. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;
/** Expired records are cleared at most this often per instance. */
const SWEEP_EVERY_MS = 10 * 60_000;

export const KEY_REUSED = 'This Idempotency-Key was already used for another change';
export const KEY_IN_FLIGHT = 'The same change is being made right now: ask again in a moment';

/**
 * Changes made once per client key (docs/cart.md, "A change sent twice"): the first request with
 * a key claims it (a row whose primary key is the scope and the key: of two requests at once, on
 * one instance or two, exactly one inserts it), makes the change and keeps its answer; a request
 * with the same key and the same body gets that answer again and changes nothing; the same key
 * with another body is a 422. A change that fails frees its key (the client may try again).
 */
export class IdempotencyRecords {
  private sweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async once<T>(scope: string, key: string, request: unknown, change: () => Promise<T>): Promise<T> {
    if (!IDEMPOTENCY_KEY.test(key)) throw new ApiError(400, `${IDEMPOTENCY_HEADER} must be 8–128 letters, digits, - or _`);
    await this.sweep();
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    const claimed = await this.db.kysely
      .insertInto('idempotency_record')
      .values({ scope, key, request_hash: requestHash, answer: null, created_at: this.now().toISOString() })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const first = await this.db.kysely
        .selectFrom('idempotency_record')
        .select(['request_hash', 'answer'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!first) return this.once(scope, key, request, change); // swept meanwhile: claim it anew
      if (first.request_hash !== requestHash) throw new ApiError(422, KEY_REUSED);
      if (first.answer === null) throw new ApiError(409, KEY_IN_FLIGHT);
      return JSON.parse(first.answer) as T;
    }
    try {
      const answer = await change();
      await this.db.kysely
        .updateTable('idempotency_record')
        .set({ answer: JSON.stringify(answer) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
      return answer;
    } catch (error) {
      await this.db.kysely.deleteFrom('idempotency_record').where('scope', '=', scope).where('key', '=', key).execute();
      throw error;
    }
  }

  private async sweep(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    await this.db.kysely
      .deleteFrom('idempotency_record')
      .where('created_at', '<', new Date(now - IDEMPOTENCY_KEEP_MS).toISOString())
      .execute();
  }
}
