import { STORED_PAGE_ATTRIBUTE } from './stored-page-mark';

/**
 * When the service worker's copy of this page was rendered (epoch ms), or null for a page from
 * the server. A module of its own: the shell's boot reads it on every page, while the checks of
 * a stored page (stored-page.ts) load only for a page the worker answered.
 */
export function storedPageTime(root: HTMLElement = document.documentElement): number | null {
  const value = Number(root.getAttribute(STORED_PAGE_ATTRIBUTE));
  return Number.isFinite(value) && value > 0 ? value : null;
}
