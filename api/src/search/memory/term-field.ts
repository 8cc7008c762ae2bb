import { Bitset } from './bitset';

/** Term fields with at most this many values keep a bitset per value (facets); others a list. */
const BITSET_MAX_CARDINALITY = 2048;

/**
 * A term field's index: per value, the ordinals that have it — as a bitset when the field has
 * few values (facets), as a list otherwise (sku, url_path).
 */
export class TermField {
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
