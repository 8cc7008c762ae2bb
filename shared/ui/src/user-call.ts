import { $session, tokenRefreshRequested } from '@kaloryfer/contracts';
import { beforeUserCall, REFRESH_REFUSED, TOKEN_REFRESH_MAX_ATTEMPTS, TOKEN_REFRESH_RETRY_DELAY } from '@kaloryfer/domain';
import { ApiFailure } from './api-json';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a shop-API call with the customer's access token under spec §4 "Token handling" — every
 * remote's calls that may carry a user token go through here (cart engine, checkout, wishlist,
 * account pages). A guest's call simply runs with `null`.
 *
 * A 401 on a call that carried the token asks mfe-account (`session:token-refresh-requested`),
 * which holds the page's one refresh lock in `$session.tokenLock`: however many calls and remotes
 * hit 401 at once, one refresh goes out. While it runs (lock 1) calls wait 1 s and look again;
 * a new token → the call goes again with it; lock -1 (refresh failed, silently logged out) → the
 * call fails with 401 'Error refreshing user token. User is not authorized to access the resource'.
 * This helper is bundled by each remote (shared/ui); the lock and the token are the page's one
 * `$session` (the shell's contracts singleton), so every copy obeys the same lock.
 */
export async function withUserToken<T>(call: (token: string | null) => Promise<T>, wait: (ms: number) => Promise<void> = pause): Promise<T> {
  const startedWithToken = $session.get().token !== null;
  let unauthorised = 0;
  for (;;) {
    const { token, tokenLock } = $session.get();
    const step = beforeUserCall(tokenLock, startedWithToken, token !== null);
    if (step === 'fail') throw new ApiFailure(401, REFRESH_REFUSED);
    if (step === 'wait') {
      await wait(TOKEN_REFRESH_RETRY_DELAY);
      continue;
    }
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ApiFailure && error.status === 401) || token === null) throw error;
      unauthorised += 1;
      // The owner's answer is synchronous: the lock is 1, the token replaced, or -1. Should no owner
      // listen yet (the command waits for it), a bounded number of tries keeps this from spinning.
      tokenRefreshRequested.emit({ token });
      if (unauthorised > TOKEN_REFRESH_MAX_ATTEMPTS + 1) throw error;
      const after = $session.get();
      if (after.token === token && after.tokenLock === 0) await wait(TOKEN_REFRESH_RETRY_DELAY);
    }
  }
}

/** `?token=` (spec §6: the user token travels as a query parameter), merged into a path's query. */
export function withToken(path: string, token: string | null): string {
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
