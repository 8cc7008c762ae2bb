import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';

/** What the storefront shows (its dictionary translates it: "Zbyt wiele prób. Spróbuj ponownie za chwilę."). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later';

/**
 * 429 with the seconds to wait: the account routes' error handler (customers/customers-plugin.ts)
 * answers it with a `Retry-After` header.
 */
export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS);
  }
}

export interface LimitRule {
  /** How many hits a key may have in one window. */
  limit: number;
  windowSeconds: number;
}

/**
 * The account limits (docs/account.md). Login and change-password count *failed* attempts (a
 * successful login clears its IP+account counter); reset-password and refresh count every
 * request; create-password counts refused tokens.
 */
export const ACCOUNT_LIMITS = {
  loginPerIpAndAccount: { limit: 5, windowSeconds: 60 },
  loginPerIp: { limit: 20, windowSeconds: 60 },
  loginPerAccount: { limit: 20, windowSeconds: 15 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 15 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 15 * 60 },
  refreshPerIp: { limit: 60, windowSeconds: 60 },
  refreshPerAccount: { limit: 10, windowSeconds: 60 },
  createPasswordPerIp: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;
export type LimitName = keyof typeof ACCOUNT_LIMITS;

/** Keys are IPs and e-mails; a longer one (a hostile "e-mail") is kept as its hash. */
const storedKey = (key: string) => (key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

/**
 * Fixed windows per key, kept in the database (`rate_limit_window`), so every API instance behind
 * a balancer counts the same hits. A window starts at a key's first hit and ends `windowSeconds`
 * later; one upsert counts a hit and starts a new window when the old one has ended, so two
 * instances counting at once never lose a hit. The clock is injected so tests move time.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly rules: Record<LimitName, LimitRule> = ACCOUNT_LIMITS,
  ) {}

  /** Throws `TooManyAttempts` when any of these keys has used up its rule's window. */
  async check(...keys: [LimitName, string][]): Promise<void> {
    const now = this.clock().getTime();
    let wait = 0;
    for (const [rule, raw] of keys) {
      const key = storedKey(raw);
      const window = await this.db.kysely
        .selectFrom('rate_limit_window')
        .select(['hits', 'resets_at'])
        .where('rule', '=', rule)
        .where('key', '=', key)
        .executeTakeFirst();
      const resetsAt = Number(window?.resets_at ?? 0);
      if (window && resetsAt > now && window.hits >= this.rules[rule].limit) wait = Math.max(wait, resetsAt - now);
    }
    if (wait > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(wait / 1000)));
  }

  /** Counts one hit for each key. */
  async hit(...keys: [LimitName, string][]): Promise<void> {
    const now = this.clock().getTime();
    for (const [rule, raw] of keys) {
      const key = storedKey(raw);
      const resetsAt = now + this.rules[rule].windowSeconds * 1000;
      await this.db.kysely
        .insertInto('rate_limit_window')
        .values({ rule, key, hits: 1, resets_at: resetsAt })
        .onConflict((conflict) =>
          conflict.columns(['rule', 'key']).doUpdateSet({
            hits: sql<number>`case when rate_limit_window.resets_at <= ${now} then 1 else rate_limit_window.hits + 1 end`,
            resets_at: sql<number>`case when rate_limit_window.resets_at <= ${now} then ${resetsAt} else rate_limit_window.resets_at end`,
          }),
        )
        .execute();
    }
    this.hitsSinceSweep += keys.length;
    if (this.hitsSinceSweep >= 1_000) {
      this.hitsSinceSweep = 0;
      await this.db.kysely.deleteFrom('rate_limit_window').where('resets_at', '<=', now).execute();
    }
  }

  /** `check` then `hit`: for limits that count every request. */
  async take(...keys: [LimitName, string][]): Promise<void> {
    await this.check(...keys);
    await this.hit(...keys);
  }

  async clear(rule: LimitName, key: string): Promise<void> {
    await this.db.kysely.deleteFrom('rate_limit_window').where('rule', '=', rule).where('key', '=', storedKey(key)).execute();
  }
}
