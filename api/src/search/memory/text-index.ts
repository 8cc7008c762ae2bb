import { tokenize } from '@kaloryfer/domain';
import { Bitset } from './bitset';

/**
 * Full-text index over one collection (spec §9): per-field boosts, fuzziness 1, prefix
 * matching of the last word for search-as-you-type, minimum_should_match 75 %, min_score.
 * Text is folded (ł→l, accents stripped) at index and query time, so "lazienkowy" finds
 * "łazienkowy". Scores: Σ over query words of the best matching term's
 * idf × boost × length norm × match quality (exact 1, prefix 0.8, one edit 0.6), where idf
 * is the word's lowest over its expansions.
 */
export interface WeightedText {
  boost: number;
  text: string;
}

export interface TextMatch {
  matched: Bitset;
  /** Score per ordinal, meaningful where `matched` has the bit. */
  scores: Float32Array;
}

export interface TextSearchOptions {
  prefixLastWord: boolean;
  minimumShouldMatch: number;
  minScore: number;
  /** Words one edit away count (Elasticsearch fuzziness ≥ 1); default true. */
  fuzzy?: boolean;
}

const QUALITY = { exact: 1, prefix: 0.8, fuzzy: 0.6 } as const;
/** A 3-letter prefix can stand for hundreds of words; the first 64 in order are plenty to rank. */
const MAX_PREFIX_EXPANSIONS = 64;
const DIGITS = /^\d+$/;

function deletions(term: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < term.length; i += 1) out.push(term.slice(0, i) + term.slice(i + 1));
  return out;
}

/** Optimal string alignment distance ≤ 1 (a swap of neighbours counts one, as Elasticsearch's transpositions). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A document's terms, each with its weight: the best of boost / √(words of the text) over its texts. */
function termWeights(texts: readonly WeightedText[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { boost, text } of texts) {
    const tokens = tokenize(text);
    if (tokens.length === 0) continue;
    const weight = boost / Math.sqrt(tokens.length);
    for (const token of tokens) if ((weights.get(token) ?? 0) < weight) weights.set(token, weight);
  }
  return weights;
}

/** A text index as a catalogue snapshot keeps it (catalog/snapshot): its postings in flat arrays. */
export interface TextIndexSnapshot {
  /** Every term id's term (a dropped term keeps its id, with no documents). */
  vocabulary: string[];
  /** Term id i's documents and weights are at offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
  docs: Int32Array;
  weights: Float32Array;
  idf: Float64Array;
}

export class TextIndex {
  private readonly termIds = new Map<string, number>();
  private vocabulary: string[] = [];
  private sortedTerms: string[] = [];
  private postings: { docs: Int32Array; weights: Float32Array; idf: number }[] = [];
  private readonly byDeletion = new Map<string, number[]>();
  private live = 0;
  private readonly scratchBest: Float32Array;
  private readonly scratchScore: Float32Array;
  private readonly scratchMatched: Uint8Array;

  /** Built from each document's texts, or restored from a snapshot. */
  constructor(
    readonly size: number,
    source: ((ordinal: number) => WeightedText[]) | TextIndexSnapshot,
  ) {
    this.scratchBest = new Float32Array(size);
    this.scratchScore = new Float32Array(size);
    this.scratchMatched = new Uint8Array(size);
    if (typeof source === 'function') this.build(source);
    else this.restore(source);
  }

  /** What a snapshot keeps: the postings in flat arrays (new), the vocabulary shared — serialized in the same step (catalog/snapshot). */
  snapshot(): TextIndexSnapshot {
    const offsets = new Int32Array(this.postings.length + 1);
    this.postings.forEach(({ docs }, id) => (offsets[id + 1] = offsets[id] + docs.length));
    const docs = new Int32Array(offsets[this.postings.length]);
    const weights = new Float32Array(docs.length);
    const idf = new Float64Array(this.postings.length);
    this.postings.forEach((posting, id) => {
      docs.set(posting.docs, offsets[id]);
      weights.set(posting.weights, offsets[id]);
      idf[id] = posting.idf;
    });
    return { vocabulary: this.vocabulary, offsets, docs, weights, idf };
  }

  /** The index a snapshot kept: the postings are views of its arrays (a change replaces a term's, never writes into them). */
  private restore({ vocabulary, offsets, docs, weights, idf }: TextIndexSnapshot): void {
    this.vocabulary = vocabulary;
    this.postings = vocabulary.map((_, id) => ({
      docs: docs.subarray(offsets[id], offsets[id + 1]),
      weights: weights.subarray(offsets[id], offsets[id + 1]),
      idf: idf[id],
    }));
    // A term with no documents was dropped (replace): it is in no lookup.
    vocabulary.forEach((term, id) => {
      if (offsets[id + 1] === offsets[id]) return;
      this.termIds.set(term, id);
      this.addDeletions(term, id);
    });
    this.live = this.termIds.size;
    this.sortedTerms = [...this.termIds.keys()].sort();
  }

  private build(extract: (ordinal: number) => WeightedText[]) {
    const docs: number[][] = [];
    const weights: number[][] = [];
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      for (const [token, weight] of termWeights(extract(ordinal))) {
        let id = this.termIds.get(token);
        if (id === undefined) {
          id = this.vocabulary.length;
          this.termIds.set(token, id);
          this.vocabulary.push(token);
          docs.push([]);
          weights.push([]);
        }
        docs[id].push(ordinal);
        weights[id].push(weight);
      }
    }
    this.postings = docs.map((list, id) => ({ docs: Int32Array.from(list), weights: Float32Array.from(weights[id]), idf: this.idf(list.length) }));
    this.live = this.vocabulary.length;
    this.sortedTerms = [...this.vocabulary].sort();
    this.vocabulary.forEach((term, id) => this.addDeletions(term, id));
  }

  private idf(documents: number): number {
    return Math.log(1 + (this.size - documents + 0.5) / (documents + 0.5));
  }

  /** A term's keys for fuzzy matching (itself and its one-letter deletions). */
  private deletionKeys(term: string): string[] {
    return term.length < 3 || DIGITS.test(term) ? [] : [term, ...deletions(term)];
  }

  private addDeletions(term: string, id: number): void {
    for (const key of this.deletionKeys(term)) {
      const list = this.byDeletion.get(key);
      if (list) list.push(id);
      else this.byDeletion.set(key, [id]);
    }
  }

  /**
   * Some documents' texts changed (a catalogue change reloaded them): each term they gained or
   * lost, or whose weight changed, gets its postings and idf anew — the rest stays. A term no
   * document has any more leaves the vocabulary (prefix and fuzzy expansion), a new one joins
   * it, so answers are those of an index built from the documents as they are now.
   */
  replace(changes: readonly { ordinal: number; old: WeightedText[]; next: WeightedText[] }[]): void {
    const touched = new Map<string, { gone: Set<number>; added: [number, number][] }>();
    const entry = (term: string) => touched.get(term) ?? touched.set(term, { gone: new Set(), added: [] }).get(term)!;
    for (const { ordinal, old, next } of changes) {
      const before = termWeights(old);
      const after = termWeights(next);
      for (const [term, weight] of before) if (after.get(term) !== weight) entry(term).gone.add(ordinal);
      for (const [term, weight] of after) {
        if (before.get(term) === weight) continue;
        const change = entry(term);
        change.gone.add(ordinal);
        change.added.push([ordinal, weight]);
      }
    }
    for (const [term, { gone, added }] of touched) {
      let id = this.termIds.get(term);
      const kept: [number, number][] = [];
      if (id !== undefined) {
        const { docs, weights } = this.postings[id];
        for (let i = 0; i < docs.length; i += 1) if (!gone.has(docs[i])) kept.push([docs[i], weights[i]]);
      }
      const merged = [...kept, ...added].sort((a, b) => a[0] - b[0]);
      if (merged.length === 0) {
        if (id !== undefined) this.dropTerm(term, id);
        continue;
      }
      if (id === undefined) id = this.addTerm(term);
      this.postings[id] = {
        docs: Int32Array.from(merged, ([ordinal]) => ordinal),
        weights: Float32Array.from(merged, ([, weight]) => weight),
        idf: this.idf(merged.length),
      };
    }
  }

  private addTerm(term: string): number {
    const id = this.vocabulary.length;
    this.termIds.set(term, id);
    this.vocabulary.push(term);
    this.postings.push({ docs: new Int32Array(0), weights: new Float32Array(0), idf: 0 });
    this.sortedTerms.splice(this.sortedAt(term), 0, term);
    this.addDeletions(term, id);
    this.live += 1;
    return id;
  }

  private dropTerm(term: string, id: number): void {
    this.termIds.delete(term);
    this.postings[id] = { docs: new Int32Array(0), weights: new Float32Array(0), idf: 0 };
    this.sortedTerms.splice(this.sortedAt(term), 1);
    for (const key of this.deletionKeys(term)) {
      // A term can give one deletion twice ("lass" → "las"): the key may be gone already.
      const list = this.byDeletion.get(key)?.filter((other) => other !== id);
      if (list && list.length > 0) this.byDeletion.set(key, list);
      else this.byDeletion.delete(key);
    }
    this.live -= 1;
  }

  /** Where a term is, or would be, in the sorted vocabulary. */
  private sortedAt(term: string): number {
    let low = 0;
    let high = this.sortedTerms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sortedTerms[mid] < term) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Terms some document has. */
  get terms(): number {
    return this.live;
  }

  /** Vocabulary terms a query word stands for, with their match quality. */
  expand(word: string, prefix: boolean, fuzzy = true): Map<number, number> {
    const found = new Map<number, number>();
    const exact = this.termIds.get(word);
    if (exact !== undefined) found.set(exact, QUALITY.exact);
    if (prefix && word.length >= 2) {
      for (
        let i = this.sortedAt(word), taken = 0;
        i < this.sortedTerms.length && taken < MAX_PREFIX_EXPANSIONS && this.sortedTerms[i].startsWith(word);
        i += 1, taken += 1
      ) {
        const id = this.termIds.get(this.sortedTerms[i])!;
        if (!found.has(id)) found.set(id, QUALITY.prefix);
      }
    }
    if (fuzzy && word.length >= 3 && !DIGITS.test(word)) {
      for (const key of [word, ...deletions(word)]) {
        for (const id of this.byDeletion.get(key) ?? []) {
          if (!found.has(id) && withinOneEdit(word, this.vocabulary[id])) found.set(id, QUALITY.fuzzy);
        }
      }
    }
    return found;
  }

  /** Null when the text has no words (then text does not constrain the search). */
  search(text: string, options: TextSearchOptions): TextMatch | null {
    const words = [...new Set(tokenize(text))];
    if (words.length === 0) return null;
    const required = Math.max(1, Math.floor(words.length * options.minimumShouldMatch));
    const best = this.scratchBest;
    const score = this.scratchScore;
    const matchedWords = this.scratchMatched;
    const touchedDocs: number[] = [];
    words.forEach((word, index) => {
      const touched: number[] = [];
      const expansions = this.expand(word, options.prefixLastWord && index === words.length - 1, options.fuzzy ?? true);
      // One idf per query word, the lowest of its expansions (as Elasticsearch blends them):
      // a rare fuzzy or prefix neighbour must not outscore the word itself.
      let idf = Number.POSITIVE_INFINITY;
      for (const termId of expansions.keys()) idf = Math.min(idf, this.postings[termId].idf);
      for (const [termId, quality] of expansions) {
        const { docs, weights } = this.postings[termId];
        const factor = idf * quality;
        for (let i = 0; i < docs.length; i += 1) {
          const doc = docs[i];
          const value = factor * weights[i];
          if (best[doc] === 0) touched.push(doc);
          if (value > best[doc]) best[doc] = value;
        }
      }
      for (const doc of touched) {
        if (matchedWords[doc] === 0) touchedDocs.push(doc);
        score[doc] += best[doc];
        matchedWords[doc] += 1;
        best[doc] = 0;
      }
    });
    const matched = new Bitset(this.size);
    const scores = new Float32Array(this.size);
    for (const doc of touchedDocs) {
      if (matchedWords[doc] >= required && score[doc] >= options.minScore) {
        matched.add(doc);
        scores[doc] = score[doc];
      }
      score[doc] = 0;
      matchedWords[doc] = 0;
    }
    return { matched, scores };
  }
}
