import { inRange, rangeKey, type RangeBucket } from '@kaloryfer/domain';
import type { Bucket, Filter, SearchRequest, SortSpec } from '../search-request';
import { SEARCH_LIMITS } from '../search-request';
import { Bitset } from './bitset';
import { countFacet, type FacetColumns } from './facet-counts';
import { inRangeFilter, matchesFilter, termKey } from './field-values';
import { NumericField, toNumbers, type NumericFieldSnapshot } from './numeric-field';
import { ResultOrder } from './result-order';
import { TermField, type KeyChange, type TermFieldSnapshot } from './term-field';
import { answeredFromColumns, replaceDocuments } from './index-replace';
import { TextIndex, type TextIndexSnapshot, type WeightedText } from './text-index';

/** How one field is read from a document, and which indexes it gets. */
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

/**
 * An index's columns and text as a catalogue snapshot keeps them (catalog/snapshot): restored
 * with the same documents, in the same order, it answers as the index it was taken from. The
 * derived columns and the caches are not kept (they are built on first use).
 */
export interface DocumentIndexSnapshot {
  size: number;
  terms: Record<string, TermFieldSnapshot>;
  numbers: Record<string, NumericFieldSnapshot>;
  text: TextIndexSnapshot | null;
}

const FILTER_CACHE_SIZE = 512;
/** Derived columns kept at once (a shopper's temperatures: a few presets, some custom sets). */
const DERIVED_KEPT = 32;

/**
 * A column/bitset index over one collection of documents, built once from them (and rebuilt
 * when they change). Term fields keep, per value, the ordinals that have it (term-field.ts).
 * Numeric fields keep every value per document (numeric-field.ts) for range filters, range
 * facets and sorting. Anything else is answered by reading the documents. Facets are counted
 * in facet-counts.ts, the page picked in its order in result-order.ts.
 */
export class DocumentIndex<D> {
  readonly size: number;
  /** The indexed documents, by ordinal: the index's own list (replace() swaps entries in it). */
  readonly docs: D[];
  private readonly all: Bitset;
  private readonly terms = new Map<string, TermField>();
  private readonly numbers = new Map<string, NumericField>();
  private readonly text: TextIndex | null;
  private readonly filterCache = new Map<string, Bitset>();
  private readonly rangeCache = new Map<string, Bitset>();
  private readonly derivedFields = new Map<string, NumericField>();
  private readonly orders: ResultOrder<D>;
  private readonly facetColumns: FacetColumns<D>;

  /** Built from the documents, or restored from a snapshot taken of an index of these documents (a field it lacks is built). */
  constructor(
    docs: readonly D[],
    private readonly options: IndexOptions<D>,
    from?: DocumentIndexSnapshot,
  ) {
    this.docs = [...docs];
    this.size = docs.length;
    if (from && from.size !== this.size) throw new Error(`an index snapshot of ${from.size} documents cannot index ${this.size}`);
    this.all = Bitset.full(this.size);
    for (const [name, field] of Object.entries(options.fields)) {
      const term = from?.terms[name];
      const numbers = from?.numbers[name];
      if (from && (term !== undefined) === Boolean(field.term) && (numbers !== undefined) === Boolean(field.numeric)) {
        if (term) this.terms.set(name, TermField.restore(term, this.size));
        if (numbers) this.numbers.set(name, NumericField.restore(numbers, this.size));
      } else this.buildField(name, field);
    }
    const text = options.text;
    this.text = text ? new TextIndex(this.size, from?.text ?? ((ordinal) => text(this.docs[ordinal]))) : null;
    this.orders = new ResultOrder(this.docs, (field) => this.numeric(field), options.defaultSort);
    this.facetColumns = { docs: this.docs, terms: this.terms, rangeSet: (field, bucket) => this.rangeSet(field, bucket) };
  }

  /** What a snapshot keeps of this index: its columns and text, sharing their arrays — serialized in the same step (catalog/snapshot). */
  snapshot(): DocumentIndexSnapshot {
    const each = <F, S>(columns: Map<string, F>, take: (column: F) => S) => Object.fromEntries([...columns].map(([name, column]) => [name, take(column)]));
    return {
      size: this.size,
      terms: each(this.terms, (field) => field.snapshot()),
      numbers: each(this.numbers, (field) => field.snapshot()),
      text: this.text?.snapshot() ?? null,
    };
  }

  private buildField(name: string, field: FieldDefinition<D>): void {
    const perDoc = this.docs.map((doc) => field.values(doc));
    if (field.term) {
      const postings = new Map<string, number[]>();
      perDoc.forEach((values, ordinal) => {
        for (const key of new Set(values.map(termKey))) {
          const list = postings.get(key);
          if (list) list.push(ordinal);
          else postings.set(key, [ordinal]);
        }
      });
      const term = new TermField(postings);
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
      // Known documents of a term-only field: those whose keys differ are moved in one pass per
      // key (an import's 10,000 stock rows: one filter of the postings, not a splice per row —
      // most keep their keys, only qty changed); anything else: the column anew.
      const patched = changed !== undefined && term !== undefined && !field.numeric && this.moveKeys(term, changed, (doc) => field.values(doc).map(termKey));
      if (!patched) this.buildField(name, field);
    }
    // Cached sets that may rest on these fields or their siblings read from the documents
    // (`stock.` covers stock.qty too) go; the others (category, colour…) stay.
    const roots = names.map((name) => name.split('.')[0]);
    const stale = (key: string) => roots.some((root) => key.includes(`"${root}`) || key.startsWith(root));
    for (const cache of [this.filterCache, this.rangeCache]) {
      for (const key of [...cache.keys()]) if (stale(key)) cache.delete(key);
    }
    this.orders.forget(stale);
  }

  /** These documents' keys in a term column, moved where they changed; false when the column cannot (a list field, an unknown document, too many new keys). */
  private moveKeys(term: TermField, docs: readonly D[], keysOf: (doc: D) => string[]): boolean {
    const changes: KeyChange[] = [];
    for (const doc of docs) {
      const ordinal = this.ordinalOf(doc);
      const old = ordinal === undefined ? null : term.keysAt(ordinal);
      if (ordinal === undefined || old === null) return false;
      const next = [...new Set(keysOf(doc))];
      if (term.holds(ordinal, next) === false) changes.push({ ordinal, old, next });
    }
    return changes.length === 0 || term.update(changes, this.size);
  }

  /**
   * These documents were replaced by new versions (a catalogue change reloaded them). Every
   * column, the text index and the derived columns move them from the old values to the new in
   * work proportional to them (index-replace.ts); the cached filters, ranges and orders that rest
   * on a changed field, or were read from the documents, are dropped, the rest stay. Synchronous:
   * no search sees half of it. Answers the fields whose values changed.
   */
  replace(changes: readonly { ordinal: number; doc: D }[], only?: ReadonlySet<string>): Set<string> {
    const replaced = changes.map(({ ordinal }) => this.docs[ordinal]);
    const columns = { docs: this.docs, size: this.size, terms: this.terms, numbers: this.numbers, derived: this.derivedFields, text: this.text };
    const { changed, rebuild } = replaceDocuments(columns, this.options, changes, (name) => this.options.derived?.(name) ?? null, only);
    if (this.ordinals) {
      for (const doc of replaced) this.ordinals.delete(doc);
      for (const { ordinal, doc } of changes) this.ordinals.set(doc, ordinal);
    }
    for (const name of rebuild) this.buildField(name, this.options.fields[name]);
    const kinds = { term: (field: string) => this.terms.has(field), numeric: (field: string) => this.numbers.has(field) || this.derivedFields.has(field) };
    for (const key of [...this.filterCache.keys()]) {
      if (!answeredFromColumns(JSON.parse(key) as Filter, kinds, changed)) this.filterCache.delete(key);
    }
    for (const key of [...this.rangeCache.keys()]) {
      const field = key.slice(0, key.indexOf(':'));
      if (changed.has(field) || !(this.numbers.has(field) || this.derivedFields.has(field))) this.rangeCache.delete(key);
    }
    this.orders.forget((key) => changed.has(key.slice(0, key.lastIndexOf(':'))));
    return changed;
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
      this.orders.forgetField(oldest);
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
    for (const facet of request.facets) countFacet(this.facetColumns, facet, { base, mask, total }, request.filters, filterSets, aggregations);
    const ordinals = this.orders.page(mask, total, request, textMatch?.scores ?? null);
    return {
      docs: ordinals.map((ordinal) => this.docs[ordinal]),
      scores: textMatch ? ordinals.map((ordinal) => Math.round(textMatch.scores[ordinal] * 1000) / 1000) : null,
      total,
      aggregations,
    };
  }
}
