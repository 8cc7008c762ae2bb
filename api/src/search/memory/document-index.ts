import { inRange, rangeKey, type RangeBucket } from '@kaloryfer/domain';
import type { Bucket, FacetRequest, Filter, SearchRequest, SortSpec } from '../search-request';
import { SEARCH_LIMITS } from '../search-request';
import { Bitset } from './bitset';
import { compareKeys, inRangeFilter, matchesFilter, sortKey, termKey, valuesAt } from './field-values';
import { TextIndex, type WeightedText } from './text-index';

/**
 * A column/bitset index over one collection of documents, built once from them (and rebuilt
 * when they change). Term fields keep, per value, the ordinals that have it — as a bitset when
 * the field has few values (facets), as a list otherwise (sku, url_path). Numeric fields keep
 * every value per document (a configurable radiator has many widths) for range filters,
 * range facets and sorting. Anything else is answered by reading the documents.
 */
export interface FieldDefinition<D> {
  values(doc: D): unknown[];
  /** Build a term index (filters `in`/`nin`, terms facets). */
  term?: boolean;
  /** Build a numeric column (range filters and facets, sorting). */
  numeric?: boolean;
}

export interface IndexOptions<D> {
  fields: Record<string, FieldDefinition<D>>;
  /** Fields with their boosts for full-text search; none = text search reads `fallbackText`. */
  text?: (doc: D) => WeightedText[];
  /** Default sort without text (products: view_count desc, spec §9). */
  defaultSort: SortSpec[];
  /**
   * Numeric fields that depend on request parameters (heat output at the shopper's
   * temperatures: `heat_output@55/45/20`): their values per document, or null for an unknown
   * name. Built on first use and kept for the most recent DERIVED_KEPT names.
   */
  derived?: (field: string) => FieldDefinition<D>['values'] | null;
}

export interface IndexResult<D> {
  docs: D[];
  scores: number[] | null;
  total: number;
  aggregations: Record<string, { buckets: Bucket[] }>;
}

const BITSET_MAX_CARDINALITY = 2048;
const FILTER_CACHE_SIZE = 512;
/** Up to this many results (from + size) are selected in one pass instead of sorting every match. */
const TOP_K_LIMIT = 500;
/** Derived columns kept at once (a shopper's temperatures: a few presets, some custom sets). */
const DERIVED_KEPT = 32;

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

/** Facet keys with equal counts: numerically where they are numbers ("9" before "10"). */
const compareKeysNumeric = new Intl.Collator('en', { numeric: true }).compare;

class TermField {
  readonly postings = new Map<string, number[]>();
  bits: Map<string, Bitset> | null = null;
  /** For bitset fields: the keys, and per document the indexes of its keys (CSR layout). */
  keys: string[] = [];
  keyOffsets!: Uint32Array;
  keyIndexes!: Uint16Array;
  present!: Bitset;

  finish(size: number) {
    if (this.postings.size <= BITSET_MAX_CARDINALITY) {
      this.bits = new Map([...this.postings].map(([key, ordinals]) => [key, Bitset.of(size, ordinals)]));
      this.keys = [...this.postings.keys()];
      const perDoc: number[][] = Array.from({ length: size }, () => []);
      this.keys.forEach((key, index) => {
        for (const ordinal of this.postings.get(key)!) perDoc[ordinal].push(index);
      });
      this.keyOffsets = new Uint32Array(size + 1);
      perDoc.forEach((indexes, ordinal) => {
        this.keyOffsets[ordinal + 1] = this.keyOffsets[ordinal] + indexes.length;
      });
      this.keyIndexes = Uint16Array.from(perDoc.flat());
    }
    this.present = new Bitset(size);
    for (const ordinals of this.postings.values()) for (const ordinal of ordinals) this.present.add(ordinal);
  }

  /**
   * Documents per key within the mask. A sparse mask tallies its documents' keys; a dense one
   * pays one popcount(AND) per key — whichever touches fewer words.
   */
  countWithin(mask: Bitset, maskCount: number): Int32Array {
    const counts = new Int32Array(this.keys.length);
    const perDoc = this.keyIndexes.length / Math.max(1, this.keyOffsets.length - 1);
    if (maskCount * (perDoc + 1) < this.keys.length * mask.words.length) {
      const { keyOffsets, keyIndexes } = this;
      mask.forEach((ordinal) => {
        for (let i = keyOffsets[ordinal]; i < keyOffsets[ordinal + 1]; i += 1) counts[keyIndexes[i]] += 1;
      });
    } else {
      let index = 0;
      for (const set of this.bits!.values()) counts[index++] = mask.countAnd(set);
    }
    return counts;
  }

  /**
   * One document's keys changed in place (stock after an order): its bits, postings and CSR
   * slots move from the old keys to the new. Only when it has as many keys as before, all
   * known already — false otherwise, and the field is rebuilt instead.
   */
  replaceKeys(ordinal: number, next: string[]): boolean {
    if (!this.bits) return false;
    const start = this.keyOffsets[ordinal];
    const old = Array.from(this.keyIndexes.subarray(start, this.keyOffsets[ordinal + 1]), (index) => this.keys[index]);
    if (old.length !== next.length || next.some((key) => !this.bits!.has(key))) return false;
    for (const key of old) {
      this.bits.get(key)!.delete(ordinal);
      const list = this.postings.get(key)!;
      list.splice(list.indexOf(ordinal), 1);
    }
    next.forEach((key, i) => {
      this.bits!.get(key)!.add(ordinal);
      const list = this.postings.get(key)!;
      let at = list.length;
      while (at > 0 && list[at - 1] > ordinal) at -= 1;
      list.splice(at, 0, ordinal); // postings stay in ordinal order
      this.keyIndexes[start + i] = this.keys.indexOf(key);
    });
    return true;
  }

  setOf(key: string, size: number): Bitset | null {
    if (this.bits) return this.bits.get(key) ?? null;
    const ordinals = this.postings.get(key);
    return ordinals ? Bitset.of(size, ordinals) : null;
  }
}

class NumericField {
  readonly offsets: Uint32Array;
  readonly values: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly present: Bitset;

  constructor(size: number, perDoc: number[][]) {
    this.offsets = new Uint32Array(size + 1);
    let total = 0;
    perDoc.forEach((values, ordinal) => {
      total += values.length;
      this.offsets[ordinal + 1] = total;
    });
    this.values = new Float64Array(total);
    this.min = new Float64Array(size).fill(Number.NaN);
    this.max = new Float64Array(size).fill(Number.NaN);
    this.present = new Bitset(size);
    perDoc.forEach((values, ordinal) => {
      this.values.set(values, this.offsets[ordinal]);
      if (values.length > 0) {
        this.min[ordinal] = Math.min(...values);
        this.max[ordinal] = Math.max(...values);
        this.present.add(ordinal);
      }
    });
  }

  /** Ordinals with any value passing the test. */
  select(size: number, test: (value: number) => boolean): Bitset {
    const set = new Bitset(size);
    const { offsets, values } = this;
    for (let ordinal = 0; ordinal < size; ordinal += 1) {
      for (let i = offsets[ordinal]; i < offsets[ordinal + 1]; i += 1) {
        if (test(values[i])) {
          set.add(ordinal);
          break;
        }
      }
    }
    return set;
  }
}

function toNumbers(values: unknown[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    if (typeof value === 'number' && Number.isFinite(value)) out.push(value);
    else if (typeof value === 'boolean') out.push(value ? 1 : 0);
    else if (typeof value === 'string' && value !== '') {
      const number = Number(value);
      if (Number.isFinite(number)) out.push(number);
      else {
        const time = Date.parse(value.replace(' ', 'T'));
        if (Number.isFinite(time)) out.push(time);
      }
    }
  }
  return out;
}

export class DocumentIndex<D> {
  readonly size: number;
  private readonly all: Bitset;
  private readonly terms = new Map<string, TermField>();
  private readonly numbers = new Map<string, NumericField>();
  private readonly text: TextIndex | null;
  private readonly filterCache = new Map<string, Bitset>();
  private readonly rangeCache = new Map<string, Bitset>();
  private readonly orderCache = new Map<string, { order: Int32Array; rank: Int32Array }>();
  private readonly derivedFields = new Map<string, NumericField>();

  constructor(
    readonly docs: D[],
    private readonly options: IndexOptions<D>,
  ) {
    this.size = docs.length;
    this.all = Bitset.full(this.size);
    for (const [name, field] of Object.entries(options.fields)) this.buildField(name, field);
    this.text = options.text ? new TextIndex(this.size, (ordinal) => options.text!(docs[ordinal])) : null;
  }

  private buildField(name: string, field: FieldDefinition<D>): void {
    const perDoc = this.docs.map((doc) => field.values(doc));
    if (field.term) {
      const term = new TermField();
      perDoc.forEach((values, ordinal) => {
        for (const key of new Set(values.map(termKey))) {
          const list = term.postings.get(key);
          if (list) list.push(ordinal);
          else term.postings.set(key, [ordinal]);
        }
      });
      term.finish(this.size);
      this.terms.set(name, term);
    }
    if (field.numeric) this.numbers.set(name, new NumericField(this.size, perDoc.map(toNumbers)));
  }

  /**
   * The documents changed in place (stock after an order: memory/stock-refresh.ts): these
   * fields' columns are rebuilt from them and every cached filter, range and order is dropped,
   * so the next search sees the change. Synchronous, so no search sees half of it.
   */
  refreshFields(names: readonly string[], changed?: readonly D[]): void {
    for (const name of names) {
      const field = this.options.fields[name];
      if (!field) continue;
      const term = this.terms.get(name);
      // A few documents of a term-only field: patched in place; anything else: the column anew.
      const patched =
        changed !== undefined &&
        term !== undefined &&
        !field.numeric &&
        changed.every((doc) => {
          const ordinal = this.ordinalOf(doc);
          return ordinal !== undefined && term.replaceKeys(ordinal, [...new Set(field.values(doc).map(termKey))]);
        });
      if (!patched) this.buildField(name, field);
    }
    // Cached sets that may rest on these fields or their siblings read from the documents
    // (`stock.` covers stock.qty too) go; the others (category, colour…) stay.
    const roots = names.map((name) => name.split('.')[0]);
    const stale = (key: string) => roots.some((root) => key.includes(`"${root}`) || key.startsWith(root));
    for (const cache of [this.filterCache, this.rangeCache, this.orderCache] as Map<string, unknown>[]) {
      for (const key of [...cache.keys()]) if (stale(key)) cache.delete(key);
    }
  }

  private ordinals: Map<D, number> | null = null;

  private ordinalOf(doc: D): number | undefined {
    this.ordinals ??= new Map(this.docs.map((each, ordinal) => [each, ordinal]));
    return this.ordinals.get(doc);
  }

  get vocabularySize(): number {
    return this.text?.terms ?? 0;
  }

  /** A numeric column: indexed at build, or derived from request parameters on first use. */
  private numeric(field: string): NumericField | undefined {
    const indexed = this.numbers.get(field);
    if (indexed) return indexed;
    let derived = this.derivedFields.get(field);
    if (derived) return derived;
    const values = this.options.derived?.(field);
    if (!values) return undefined;
    derived = new NumericField(
      this.size,
      this.docs.map((doc) => toNumbers(values(doc))),
    );
    if (this.derivedFields.size >= DERIVED_KEPT) {
      const oldest = this.derivedFields.keys().next().value as string;
      this.derivedFields.delete(oldest);
      this.orderCache.delete(`${oldest}:asc`);
      this.orderCache.delete(`${oldest}:desc`);
    }
    this.derivedFields.set(field, derived);
    return derived;
  }

  /** Ordinals of documents passing one filter (cached: listings repeat their filters). */
  filterSet(filter: Filter): Bitset {
    const key = JSON.stringify(filter);
    const cached = this.filterCache.get(key);
    if (cached) return cached;
    const set = this.computeFilter(filter);
    if (this.filterCache.size >= FILTER_CACHE_SIZE) this.filterCache.delete(this.filterCache.keys().next().value as string);
    this.filterCache.set(key, set);
    return set;
  }

  private computeFilter(filter: Filter): Bitset {
    if (filter.op === 'any' || filter.op === 'all' || filter.op === 'not') {
      // Composites (Elasticsearch bool): their conditions' cached sets, combined.
      const sets = filter.of.map((condition) => this.filterSet(condition));
      if (filter.op === 'all') return sets.reduce((set, next) => set.and(next), this.all.clone());
      const any = sets.reduce((set, next) => set.or(next), new Bitset(this.size));
      return filter.op === 'any' ? any : this.all.clone().andNot(any);
    }
    const term = this.terms.get(filter.field);
    const numeric = this.numeric(filter.field);
    if (term && (filter.op === 'in' || filter.op === 'nin')) {
      const set = new Bitset(this.size);
      for (const value of filter.values) {
        const values = term.setOf(termKey(value), this.size);
        if (values) set.or(values);
      }
      return filter.op === 'in' ? set : this.all.clone().andNot(set);
    }
    if (numeric && filter.op === 'range') return numeric.select(this.size, (value) => inRangeFilter(value, filter));
    if ((term || numeric) && filter.op === 'exists') {
      const present = (term ?? numeric)!.present;
      return filter.exists ? present : this.all.clone().andNot(present);
    }
    const set = new Bitset(this.size);
    this.docs.forEach((doc, ordinal) => {
      if (matchesFilter(doc, filter)) set.add(ordinal);
    });
    return set;
  }

  private rangeSet(field: string, bucket: RangeBucket): Bitset {
    const key = `${field}:${rangeKey(bucket)}`;
    let set = this.rangeCache.get(key);
    if (!set) {
      const numeric = this.numeric(field);
      set = numeric
        ? numeric.select(this.size, (value) => inRange(value, bucket))
        : this.filterSet({ field, op: 'range', ...(bucket.from !== null ? { gte: bucket.from } : {}), ...(bucket.to !== null ? { lt: bucket.to } : {}) });
      this.rangeCache.set(key, set);
    }
    return set;
  }

  search(request: SearchRequest): IndexResult<D> {
    const textMatch =
      request.text && this.text
        ? this.text.search(request.text, {
            prefixLastWord: true,
            minimumShouldMatch: request.textOptions?.minimumShouldMatch ?? 0.75,
            minScore: request.textOptions?.minScore ?? SEARCH_LIMITS.minScore,
            fuzzy: request.textOptions?.fuzzy ?? true,
          })
        : null;
    const base = textMatch ? textMatch.matched : this.all;
    const filterSets = request.filters.map((filter) => this.filterSet(filter));
    const mask = base.clone();
    for (const set of filterSets) mask.and(set);
    const total = mask.count();
    const aggregations: IndexResult<D>['aggregations'] = {};
    for (const facet of request.facets) this.aggregate(facet, { base, mask, total }, request.filters, filterSets, aggregations);
    const ordinals = this.page(mask, total, request, textMatch?.scores ?? null);
    return {
      docs: ordinals.map((ordinal) => this.docs[ordinal]),
      scores: textMatch ? ordinals.map((ordinal) => Math.round(textMatch.scores[ordinal] * 1000) / 1000) : null,
      total,
      aggregations,
    };
  }

  /** Facets count without their own filter, so a shopper still sees the other options. */
  private aggregate(
    facet: FacetRequest,
    matched: { base: Bitset; mask: Bitset; total: number },
    filters: Filter[],
    sets: Bitset[],
    out: IndexResult<D>['aggregations'],
  ) {
    const own = (field: string) => field === facet.field || field === `${facet.field}_options`;
    // Most facets have no filter of their own and share the result set.
    let mask = matched.mask;
    let total = matched.total;
    if (filters.some((filter) => own(filter.field))) {
      mask = matched.base.clone();
      filters.forEach((filter, index) => {
        if (!own(filter.field)) mask.and(sets[index]);
      });
      total = mask.count();
    }
    if (facet.ranges) {
      out[`agg_range_${facet.field}`] = {
        buckets: facet.ranges.map((bucket) => ({
          key: rangeKey(bucket),
          from: bucket.from,
          to: bucket.to,
          doc_count: total === 0 ? 0 : mask.countAnd(this.rangeSet(facet.field, bucket)),
        })),
      };
      return;
    }
    out[`agg_terms_${facet.field}`] = { buckets: this.termBuckets(facet.field, mask, total, facet.size) };
    if (this.terms.has(`${facet.field}_options`)) {
      out[`agg_terms_${facet.field}_options`] = { buckets: this.termBuckets(`${facet.field}_options`, mask, total, facet.size) };
    }
  }

  private termBuckets(field: string, mask: Bitset, maskCount: number, size: number): Bucket[] {
    const counts: Bucket[] = [];
    const term = this.terms.get(field);
    if (maskCount === 0) return counts;
    if (term?.bits) {
      const perKey = term.countWithin(mask, maskCount);
      perKey.forEach((count, index) => {
        if (count > 0) counts.push({ key: term.keys[index], doc_count: count });
      });
    } else if (term) {
      for (const [key, ordinals] of term.postings) {
        let count = 0;
        for (const ordinal of ordinals) if (mask.has(ordinal)) count += 1;
        if (count > 0) counts.push({ key, doc_count: count });
      }
    } else {
      const tally = new Map<string, number>();
      mask.forEach((ordinal) => {
        for (const key of new Set(valuesAt(this.docs[ordinal], field).map(termKey))) {
          if (key !== '') tally.set(key, (tally.get(key) ?? 0) + 1);
        }
      });
      for (const [key, count] of tally) counts.push({ key, doc_count: count });
    }
    counts.sort((a, b) => b.doc_count - a.doc_count || compareKeysNumeric(a.key, b.key));
    return counts.slice(0, size);
  }

  private page(mask: Bitset, total: number, request: SearchRequest, scores: Float32Array | null): number[] {
    const end = request.from + request.size;
    if (request.from >= total) return [];
    const sort: SortSpec[] =
      request.sort.length > 0 ? request.sort : scores ? [{ field: '_score', order: 'desc' }, ...this.options.defaultSort] : this.options.defaultSort;
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
      const ordinals = Array.from({ length: this.size }, (_, index) => index);
      const keys = ordinals.map(read);
      ordinals.sort((a, b) => compareKeys(keys[a], keys[b], spec.order) || a - b);
      const order = Int32Array.from(ordinals);
      const rank = new Int32Array(this.size);
      order.forEach((ordinal, position) => {
        rank[ordinal] = position;
      });
      cached = { order, rank };
      this.orderCache.set(key, cached);
    }
    return cached;
  }
}
