/**
 * Spec §9's storage rules for the service worker's caches, as pure functions (tests beside).
 *
 * "elastic cache quota 4096 KB", checked every 30 s: in vue-storefront the elastic cache is the
 * catalogue's answers, and it was cleared when over. Here that is the worker's catalogue cache
 * (`catalog-json` and `catalog-search` answers), measured by what it holds; when over, its
 * oldest answers go first until it is back under three quarters of the quota (so one more
 * answer does not purge again at the next check).
 *
 * `navigator.storage.estimate()` is the origin's whole usage — the shell's precache, the
 * remotes' code, the sync queue's IndexedDB — so it is not compared with 4096 KB (code alone
 * comes near it); it guards the browser's own limit instead: past 90 % of the quota the
 * browser grants, the data caches (catalogue and pictures) are emptied.
 */
export const CATALOG_QUOTA_BYTES = 4096 * 1024;
/** How often the worker checks (spec §9: 30 s). */
export const QUOTA_CHECK_MS = 30_000;
/** After a purge the catalogue cache is at most this share of its quota. */
export const PURGE_TARGET = 0.75;
/** Share of the origin's granted storage beyond which the data caches are emptied. */
export const ORIGIN_SHARE = 0.9;

export interface CachedEntry {
  /** The cache key's URL. */
  url: string;
  /** Body bytes. */
  size: number;
  /** When it was stored (epoch ms; the answer's Date header when the worker did not see it stored). */
  storedAt: number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** True when `usage` bytes exceed `quota` bytes; unknown numbers are never over. */
export function overQuota(usage: number | undefined, quota: number | undefined): boolean {
  return finite(usage) && finite(quota) && quota >= 0 && usage > quota;
}

/** `navigator.storage.estimate()`'s answer: is the origin near the browser's limit? */
export function originNearlyFull(estimate: { usage?: number; quota?: number } | undefined): boolean {
  if (!estimate || !finite(estimate.quota) || estimate.quota <= 0) return false;
  return overQuota(estimate.usage, estimate.quota * ORIGIN_SHARE);
}

/**
 * Which entries to delete so the catalogue cache fits its quota again: none while it is within
 * the quota; otherwise the oldest first (ties: the largest first, then by URL, so the order is
 * stable) until what is left is at most PURGE_TARGET of the quota.
 */
export function purgeOrder(entries: readonly CachedEntry[], quotaBytes: number = CATALOG_QUOTA_BYTES): string[] {
  const total = entries.reduce((sum, entry) => sum + Math.max(0, entry.size), 0);
  if (!overQuota(total, quotaBytes)) return [];
  const target = quotaBytes * PURGE_TARGET;
  const oldestFirst = [...entries].sort((a, b) => a.storedAt - b.storedAt || b.size - a.size || a.url.localeCompare(b.url));
  const purge: string[] = [];
  let left = total;
  for (const entry of oldestFirst) {
    if (left <= target) break;
    purge.push(entry.url);
    left -= Math.max(0, entry.size);
  }
  return purge;
}
