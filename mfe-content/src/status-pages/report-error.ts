import { REMOTE_NAME_PATTERN, tagEventRequested } from '@kaloryfer/contracts';

/*
 * Reports to the tag manager the way the shell takes reports from remotes: the contracts'
 * `tagEventRequested` command (the shell pushes the event to dataLayer through its consent
 * gate), never `window.dataLayer` directly. `page_error` is one of the shop's necessary events:
 * it names the failed page and remote, nothing about the shopper.
 */

/** A remote's name as the shop writes them: anything else from the address is dropped. */
const REMOTE_NAME = new RegExp(REMOTE_NAME_PATTERN);

export function reportPageError(failed: string | null, remote: string | null): void {
  tagEventRequested.emit({
    event: 'page_error',
    error_type: failed ? 'route_failed_to_load' : 'error_page',
    // The path only: a query may carry an order number or an e-mail address.
    failed_path: failed ? failed.split(/[?#]/)[0] : null,
    remote: remote !== null && REMOTE_NAME.test(remote) ? remote : null,
  });
}

/** The failed address the shell passed (`from`), if it is a path of this shop (never another site). */
export function failedPath(from: string | null): string | null {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  try {
    const base = 'http://shop.invalid';
    const url = new URL(from, base);
    return url.origin === base ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
