import { $connectivity, linkTo, navigationRequested, notificationRequested } from '@kaloryfer/contracts';
import { useEffect, useRef } from 'react';

/** Spec §8, the i18n key the shell translates (messages namespace). */
export const OFFLINE_REDIRECT_MESSAGE = 'The product, category or CMS page is not available in Offline mode, redirecting to Home';

/**
 * Whether the browser is offline now: the shell's $connectivity, or the browser's own flag —
 * $connectivity follows the window's 'offline' event, which can come after a fetch has already
 * failed (a TypeError, no status) with navigator.onLine already false. Never offline in a
 * server render (no navigator.onLine there, and $connectivity stays online).
 */
export function isOffline(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return !$connectivity.get().online;
}

/**
 * Spec §8: a page whose data failed to load while offline (a network failure, not the API's
 * 404: callers pass only failures that are not a missing page) sends the shopper home with a
 * warning saying why, replacing the address. Once per failure: `failed` must turn false (a
 * retry, another page) before it can fire again. Runs in the browser only (an effect).
 */
export function useOfflineRedirect(failed: boolean): void {
  const sent = useRef(false);
  useEffect(() => {
    if (!failed) {
      sent.current = false;
      return;
    }
    if (sent.current || !isOffline()) return;
    sent.current = true;
    notificationRequested.emit({ type: 'warning', message: OFFLINE_REDIRECT_MESSAGE });
    navigationRequested.emit({ to: linkTo({ name: 'home' }), replace: true });
  }, [failed]);
}
