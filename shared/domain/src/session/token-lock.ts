/**
 * Spec §4 "Token handling", as rules without effects. Two sides use them:
 *  - a call that carries the customer's token (`withUserToken` in @kaloryfer/ui) asks
 *    `beforeUserCall` whether to go out, wait or fail;
 *  - the page's one refresh lock (mfe-account's session owner) asks `onUnauthorised` what a 401
 *    means for it.
 * The lock is the spec's invalidate lock: 0 idle, 1 refreshing, -1 given up until the next login.
 */
export type Lock = 0 | 1 | -1;

/** Spec §9: token refresh retry delay. */
export const TOKEN_REFRESH_RETRY_DELAY = 1000;
/**
 * The configured maximum of refresh attempts (spec §9 does not show the value). Attempts count
 * refreshes in a row: one that follows the previous success by more than REFRESH_LOOP_WINDOW is
 * a new expiry, not a loop, and counts from zero again — a shopper who keeps a tab open all day
 * refreshes every hour and is never thrown out for it.
 */
export const TOKEN_REFRESH_MAX_ATTEMPTS = 3;
export const REFRESH_LOOP_WINDOW = 60_000;

/** The code and message of a call that carried the token after the refresh failed (spec §8). */
export const REFRESH_REFUSED = 'Error refreshing user token. User is not authorized to access the resource';
/** The error notification when the attempts ran out (spec §8). */
export const REFRESH_EXHAUSTED = 'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.';

export type BeforeCall = 'send' | 'wait' | 'fail';

/**
 * Before a call that carried (or would carry) the token: send it, wait `TOKEN_REFRESH_RETRY_DELAY`
 * and ask again, or fail with 401 `REFRESH_REFUSED`. A call that began with a token whose session
 * has since ended (signed out, given up) fails too: it must not go out as a guest's.
 */
export function beforeUserCall(lock: Lock, startedWithToken: boolean, hasToken: boolean): BeforeCall {
  if (lock === -1) return startedWithToken ? 'fail' : 'send';
  if (lock === 1 && hasToken) return 'wait';
  if (startedWithToken && !hasToken) return 'fail';
  return 'send';
}

export interface LockState {
  lock: Lock;
  /** The token the session holds now. */
  token: string | null;
  attempts: number;
  /** When the last refresh succeeded (ms), null if none since login. */
  lastRefreshAt: number | null;
}

export type OnUnauthorised =
  /** Not our session's token (already replaced by a refresh, or the session ended): the caller tries again. */
  | { action: 'ignore' }
  /** A refresh is under way: the caller waits for it. */
  | { action: 'join' }
  /** Start the one refresh, counting it. */
  | { action: 'refresh'; attempts: number }
  /** Too many in a row: lock -1, silent logout, the sign-up modal, tasks cleared, REFRESH_EXHAUSTED shown. */
  | { action: 'give-up' };

/** A call's 401 reached the lock's owner: what to do about it. */
export function onUnauthorised(state: LockState, failedToken: string, now: number, max = TOKEN_REFRESH_MAX_ATTEMPTS): OnUnauthorised {
  if (state.lock === -1 || state.token === null || failedToken !== state.token) return { action: state.lock === 1 ? 'join' : 'ignore' };
  if (state.lock === 1) return { action: 'join' };
  const inARow = state.lastRefreshAt !== null && now - state.lastRefreshAt <= REFRESH_LOOP_WINDOW ? state.attempts : 0;
  if (inARow >= max) return { action: 'give-up' };
  return { action: 'refresh', attempts: inARow + 1 };
}
