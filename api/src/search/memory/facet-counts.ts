import { rangeKey, type RangeBucket } from '@kaloryfer/domain';
import type { Bucket, FacetRequest, Filter } from '../search-request';
import type { Bitset } from './bitset';
import { termKey, valuesAt } from './field-values';
import type { TermField } from './term-field';

/** What facet counting reads from a DocumentIndex. */
export interface FacetColumns<D> {
  docs: readonly D[];
  terms: ReadonlyMap<string, TermField>;
  /** Ordinals whose field falls in the bucket (cached by the index). */
  rangeSet(field: string, bucket: RangeBucket): Bitset;
}

/** The matches of a search: before its filters (base), after them (mask), and their count. */
export interface Matched {
  base: Bitset;
  mask: Bitset;
  total: number;
}

/** Facet keys with equal counts: numerically where they are numbers ("9" before "10"). */
const compareKeysNumeric = new Intl.Collator('en', { numeric: true }).compare;

/** Facets count without their own filter, so a shopper still sees the other options. */
export function countFacet<D>(
  columns: FacetColumns<D>,
  facet: FacetRequest,
  matched: Matched,
  filters: Filter[],
  sets: Bitset[],
  out: Record<string, { buckets: Bucket[] }>,
): void {
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
        doc_count: total === 0 ? 0 : mask.countAnd(columns.rangeSet(facet.field, bucket)),
      })),
    };
    return;
  }
  out[`agg_terms_${facet.field}`] = { buckets: termBuckets(columns, facet.field, mask, total, facet.size) };
  if (columns.terms.has(`${facet.field}_options`)) {
    out[`agg_terms_${facet.field}_options`] = { buckets: termBuckets(columns, `${facet.field}_options`, mask, total, facet.size) };
  }
}

/** The most frequent keys of a field within the mask: from its bitsets, its postings, or the documents. */
function termBuckets<D>(columns: FacetColumns<D>, field: string, mask: Bitset, maskCount: number, size: number): Bucket[] {
  const counts: Bucket[] = [];
  const term = columns.terms.get(field);
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
      for (const key of new Set(valuesAt(columns.docs[ordinal], field).map(termKey))) {
        if (key !== '') tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    });
    for (const [key, count] of tally) counts.push({ key, doc_count: count });
  }
  counts.sort((a, b) => b.doc_count - a.doc_count || compareKeysNumeric(a.key, b.key));
  return counts.slice(0, size);
}
