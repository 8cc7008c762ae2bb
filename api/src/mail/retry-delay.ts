/**
 * When the mail worker tries a message again: exponential backoff from 2 s, doubling up to an
 * hour, for 16 attempts (about 6 hours in all — a mail server down for a morning still gets
 * the confirmation out). Then the message is marked failed and logged for the staff.
 */
export const MAIL_RETRY = { firstDelayMs: 2_000, maxDelayMs: 60 * 60 * 1000, maxAttempts: 16 } as const;

/** The wait after the `attempts`-th failed attempt (1 = the first try failed). */
export function retryDelayMs(attempts: number, { firstDelayMs, maxDelayMs } = MAIL_RETRY): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30)); // 2^30 is far past any cap: no overflow to Infinity
  return Math.min(maxDelayMs, firstDelayMs * 2 ** doublings);
}
