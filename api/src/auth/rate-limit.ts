import { ApiError } from '../http/envelope';

/** What the storefront shows (its dictionary translates it: "Zbyt wiele prób. Spróbuj ponownie za chwilę."). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later';

/** 429 with the seconds to wait: user-routes answers it with a `Retry-After` header. */
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

interface Window {
  count: number;
  resetsAt: number;
}

/**
 * Fixed windows per key, in memory (one API process; several processes behind a balancer each
 * count on their own — put a shared store behind this class then). A window starts at a key's
 * first hit and ends `windowSeconds` later; the clock is injected so tests move time.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly clock: () => Date, private readonly rules: Record<LimitName, LimitRule> = ACCOUNT_LIMITS) {}

  /** Throws `TooManyAttempts` when any of these keys has used up its rule's window. */
  check(...keys: [LimitName, string][]): void {
    const now = this.clock().getTime();
    let wait = 0;
    for (const [rule, key] of keys) {
      const window = this.live(rule, key, now);
      if (window && window.count >= this.rules[rule].limit) wait = Math.max(wait, window.resetsAt - now);
    }
    if (wait > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(wait / 1000)));
  }

  /** Counts one hit for each key. */
  hit(...keys: [LimitName, string][]): void {
    const now = this.clock().getTime();
    for (const [rule, key] of keys) {
      const window = this.live(rule, key, now);
      if (window) window.count += 1;
      else this.windows.set(`${rule}\u0000${key}`, { count: 1, resetsAt: now + this.rules[rule].windowSeconds * 1000 });
    }
    if (this.windows.size > 10_000) this.sweep(now);
  }

  /** `check` then `hit`: for limits that count every request. */
  take(...keys: [LimitName, string][]): void {
    this.check(...keys);
    this.hit(...keys);
  }

  clear(rule: LimitName, key: string): void {
    this.windows.delete(`${rule}\u0000${key}`);
  }

  private live(rule: LimitName, key: string, now: number): Window | undefined {
    const id = `${rule}\u0000${key}`;
    const window = this.windows.get(id);
    if (window && window.resetsAt <= now) {
      this.windows.delete(id);
      return undefined;
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [id, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(id);
  }
}
