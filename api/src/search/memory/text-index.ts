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

export class TextIndex {
  private readonly termIds = new Map<string, number>();
  private vocabulary: string[] = [];
  private sortedTerms: string[] = [];
  private postings: { docs: Int32Array; weights: Float32Array; idf: number }[] = [];
  private readonly byDeletion = new Map<string, number[]>();
  private readonly scratchBest: Float32Array;
  private readonly scratchScore: Float32Array;
  private readonly scratchMatched: Uint8Array;

  constructor(
    readonly size: number,
    extract: (ordinal: number) => WeightedText[],
  ) {
    this.scratchBest = new Float32Array(size);
    this.scratchScore = new Float32Array(size);
    this.scratchMatched = new Uint8Array(size);
    this.build(extract);
  }

  private build(extract: (ordinal: number) => WeightedText[]) {
    const docs: number[][] = [];
    const weights: number[][] = [];
    const local = new Map<number, number>();
    for (let ordinal = 0; ordinal < this.size; ordinal += 1) {
      local.clear();
      for (const { boost, text } of extract(ordinal)) {
        const tokens = tokenize(text);
        if (tokens.length === 0) continue;
        const weight = boost / Math.sqrt(tokens.length);
        for (const token of tokens) {
          let id = this.termIds.get(token);
          if (id === undefined) {
            id = this.vocabulary.length;
            this.termIds.set(token, id);
            this.vocabulary.push(token);
            docs.push([]);
            weights.push([]);
          }
          if ((local.get(id) ?? 0) < weight) local.set(id, weight);
        }
      }
      for (const [id, weight] of local) {
        docs[id].push(ordinal);
        weights[id].push(weight);
      }
    }
    const n = this.size;
    this.postings = docs.map((list, id) => ({
      docs: Int32Array.from(list),
      weights: Float32Array.from(weights[id]),
      idf: Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)),
    }));
    this.sortedTerms = [...this.vocabulary].sort();
    this.vocabulary.forEach((term, id) => {
      if (term.length < 3 || DIGITS.test(term)) return;
      for (const key of [term, ...deletions(term)]) {
        const list = this.byDeletion.get(key);
        if (list) list.push(id);
        else this.byDeletion.set(key, [id]);
      }
    });
  }

  get terms(): number {
    return this.vocabulary.length;
  }

  /** Vocabulary terms a query word stands for, with their match quality. */
  expand(word: string, prefix: boolean, fuzzy = true): Map<number, number> {
    const found = new Map<number, number>();
    const exact = this.termIds.get(word);
    if (exact !== undefined) found.set(exact, QUALITY.exact);
    if (prefix && word.length >= 2) {
      let low = 0;
      let high = this.sortedTerms.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.sortedTerms[mid] < word) low = mid + 1;
        else high = mid;
      }
      for (let i = low, taken = 0; i < this.sortedTerms.length && taken < MAX_PREFIX_EXPANSIONS && this.sortedTerms[i].startsWith(word); i += 1, taken += 1) {
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
