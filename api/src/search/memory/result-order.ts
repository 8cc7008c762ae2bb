import type { SearchRequest, SortSpec } from '../search-request';
import type { Bitset } from './bitset';
import { compareKeys, sortKey } from './field-values';
import type { NumericField } from './numeric-field';

/** Up to this many results (from + size) are selected in one pass instead of sorting every match. */
const TOP_K_LIMIT = 500;

/**
 * The first k ordinals of a set in order (`before(a, b)`: a comes first), by binary insertion
 * into a short list. Walks the words itself: a callback per member would be one more
 * megamorphic call in the hot loop.
 */
function topK(set: Bitset, k: number, before: (a: number, b: number) => boolean): number[] {
  const best: number[] = [];
  const words = set.words;
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w];
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const ordinal = (w << 5) + (31 - Math.clz32(low));
      if (best.length === k && !before(ordinal, best[k - 1])) continue;
      let lowIndex = 0;
      let high = best.length;
      while (lowIndex < high) {
        const mid = (lowIndex + high) >>> 1;
        if (before(ordinal, best[mid])) high = mid;
        else lowIndex = mid + 1;
      }
      best.splice(lowIndex, 0, ordinal);
      if (best.length > k) best.pop();
    }
  }
  return best;
}

/**
 * The two hot orders as plain array reads: a numeric field's cached rank, or score descending
 * with that rank (or the ordinal) breaking ties — relevance, then the default sort.
 */
function byKeys(scores: Float32Array | null, rank: Int32Array | null): (a: number, b: number) => boolean {
  return (a, b) => {
    if (scores && scores[a] !== scores[b]) return scores[a] > scores[b];
    return rank ? rank[a] < rank[b] : a < b;
  };
}

/**
 * The page of a search's matches in the order asked (or relevance, then the default sort),
 * without sorting every match where it can: a numeric field's global order is computed once
 * and cached, and short pages are picked by top-k selection.
 */
export class ResultOrder<D> {
  private readonly orderCache = new Map<string, { order: Int32Array; rank: Int32Array }>();

  constructor(
    private readonly docs: D[],
    /** The index's numeric column for a field (indexed or derived), if it has one. */
    private readonly numeric: (field: string) => NumericField | undefined,
    private readonly defaultSort: SortSpec[],
  ) {}

  /** Drops the cached orders whose key (`field:asc|desc`) is stale. */
  forget(stale: (key: string) => boolean): void {
    for (const key of [...this.orderCache.keys()]) if (stale(key)) this.orderCache.delete(key);
  }

  /** Drops a field's cached orders (its derived column was evicted). */
  forgetField(field: string): void {
    this.orderCache.delete(`${field}:asc`);
    this.orderCache.delete(`${field}:desc`);
  }

  page(mask: Bitset, total: number, request: SearchRequest, scores: Float32Array | null): number[] {
    const end = request.from + request.size;
    if (request.from >= total) return [];
    const sort: SortSpec[] = request.sort.length > 0 ? request.sort : scores ? [{ field: '_score', order: 'desc' }, ...this.defaultSort] : this.defaultSort;
    if (sort.length === 1 && this.numeric(sort[0].field)) {
      // Walk the field's global order, picking matches. When the matches sit late in that
      // order (a category of dear radiators sorted by price among cheap accessories), stop
      // after as many steps as the matches themselves and take the top k of them by rank.
      const { order, rank } = this.order(sort[0]);
      const out: number[] = [];
      let seen = 0;
      const budget = end > TOP_K_LIMIT ? order.length : Math.min(order.length, total + end);
      let i = 0;
      for (; i < budget && out.length < request.size && seen < total; i += 1) {
        if (!mask.has(order[i])) continue;
        if (seen >= request.from) out.push(order[i]);
        seen += 1;
      }
      if (out.length === request.size || seen === total) return out;
      return topK(mask, end, byKeys(null, rank)).slice(request.from);
    }
    if (scores && sort[0].field === '_score' && sort[0].order === 'desc' && end <= TOP_K_LIMIT) {
      const rest = sort.slice(1);
      if (rest.length === 0) return topK(mask, end, byKeys(scores, null)).slice(request.from);
      if (rest.length === 1 && this.numeric(rest[0].field)) return topK(mask, end, byKeys(scores, this.order(rest[0]).rank)).slice(request.from);
    }
    const keys = sort.map((spec) => this.keyReader(spec, scores));
    const compare = (a: number, b: number) => {
      for (let i = 0; i < sort.length; i += 1) {
        const result = compareKeys(keys[i](a), keys[i](b), sort[i].order);
        if (result !== 0) return result;
      }
      return a - b;
    };
    if (end <= TOP_K_LIMIT) return topK(mask, end, (a, b) => compare(a, b) < 0).slice(request.from);
    const ordinals = mask.toArray();
    ordinals.sort(compare);
    return ordinals.slice(request.from, end);
  }

  private keyReader(spec: SortSpec, scores: Float32Array | null): (ordinal: number) => number | string | null {
    if (spec.field === '_score') return (ordinal) => (scores ? scores[ordinal] : 0);
    const numeric = this.numeric(spec.field);
    if (numeric) {
      const column = spec.order === 'asc' ? numeric.min : numeric.max;
      return (ordinal) => (Number.isNaN(column[ordinal]) ? null : column[ordinal]);
    }
    return (ordinal) => sortKey(this.docs[ordinal], spec.field, spec.order);
  }

  /**
   * All ordinals in one field's order (missing values last, ties by ordinal) and each
   * ordinal's position in it, cached.
   */
  private order(spec: SortSpec): { order: Int32Array; rank: Int32Array } {
    const key = `${spec.field}:${spec.order}`;
    let cached = this.orderCache.get(key);
    if (!cached) {
      const read = this.keyReader(spec, null);
      const ordinals = Array.from({ length: this.docs.length }, (_, index) => index);
      const keys = ordinals.map(read);
      ordinals.sort((a, b) => compareKeys(keys[a], keys[b], spec.order) || a - b);
      const order = Int32Array.from(ordinals);
      const rank = new Int32Array(this.docs.length);
      order.forEach((ordinal, position) => {
        rank[ordinal] = position;
      });
      cached = { order, rank };
      this.orderCache.set(key, cached);
    }
    return cached;
  }
}
