/**
 * How the service worker marks a page it answers from its own copy, and when it may (shared by
 * the worker and the shell's boot, which reads the mark: stored-page-time.ts). Tiny on purpose:
 * the shell's first bundle imports it.
 */
export const STORED_PAGE_ATTRIBUTE = 'data-kf-stored';

/**
 * A stored page younger than this answers at once on a repeat visit (no request before the
 * first paint); an older one, the network first. The same 5 minutes the API lets catalogue JSON
 * be fresh (api/src/http/cache-control.ts), and the worker's catalogue JSON copies keep the same
 * rule: what a shopper sees may be that old, never older.
 */
export const FRESH_PAGE_MS = 5 * 60 * 1000;

/** Whether a copy rendered at `renderedAt` (its Date header) may answer now. A clock gone backwards is not fresh. */
export function isFreshPage(renderedAt: number, now: number): boolean {
  return Number.isFinite(renderedAt) && renderedAt <= now && now - renderedAt < FRESH_PAGE_MS;
}

/** The copy's HTML with the mark on `<html>`: when it was rendered. */
export function markStoredPage(html: string, renderedAt: number): string {
  return html.replace(/<html\b/i, `<html ${STORED_PAGE_ATTRIBUTE}="${renderedAt}"`);
}
