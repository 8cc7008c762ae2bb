import type { Category } from '@kaloryfer/api-contract';

/**
 * The chain from the top category down to this one, the root (level 1, "main") left out: the
 * breadcrumbs of a category page and of the JSON-LD the server writes. A broken parent chain
 * ends the trail rather than looping.
 */
export function categoryTrail(all: readonly Category[], category: Category): Category[] {
  const byId = new Map(all.map((item) => [item.id, item]));
  const trail: Category[] = [];
  for (let current: Category | undefined = category; current && current.level > 1 && !trail.includes(current); current = byId.get(current.parent_id)) {
    trail.unshift(current);
  }
  return trail;
}
