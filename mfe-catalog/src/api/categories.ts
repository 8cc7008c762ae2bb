import type { Category } from '@kaloryfer/domain';
import { allCategories } from './catalog-api';

/**
 * The category tree, fetched once per page load and shared by every page of the remote
 * (a few dozen rows; spec §9 fetches up to 4000).
 */
let cached: Promise<Category[]> | null = null;

export function categories(): Promise<Category[]> {
  cached ??= allCategories().catch((error: unknown) => {
    cached = null; // a failed fetch is retried by the next page
    throw error;
  });
  return cached;
}

/** The chain from the top category down to this one, main category (id 2) excluded. */
export function categoryTrail(all: Category[], category: Category): Category[] {
  const byId = new Map(all.map((item) => [item.id, item]));
  const trail: Category[] = [];
  for (let current: Category | undefined = category; current && current.level > 1 && current.id !== 2; current = byId.get(current.parent_id)) trail.unshift(current);
  return trail;
}

export function childrenOf(all: Category[], category: Category): Category[] {
  return all.filter((item) => item.parent_id === category.id && item.is_active).sort((a, b) => a.position - b.position);
}
