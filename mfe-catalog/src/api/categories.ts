import type { Category } from '@kaloryfer/api-contract';
import { allCategories } from './catalog-api';

/**
 * The category tree, fetched once per page load and shared by every page of the remote
 * (a few dozen rows; spec §9 fetches up to 4000). A server render fetches it per request: one
 * process lives through catalogue changes.
 */
let cached: Promise<Category[]> | null = null;

export function categories(): Promise<Category[]> {
  if (!globalThis.document) return allCategories();
  cached ??= allCategories().catch((error: unknown) => {
    cached = null; // a failed fetch is retried by the next page
    throw error;
  });
  return cached;
}

export function childrenOf(all: Category[], category: Category): Category[] {
  return all.filter((item) => item.parent_id === category.id && item.is_active).sort((a, b) => a.position - b.position);
}
