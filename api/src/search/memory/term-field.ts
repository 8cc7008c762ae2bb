import { Bitset } from './bitset';

/** Term fields with at most this many values keep a bitset per value (facets); others a list. */
const BITSET_MAX_CARDINALITY = 2048;
/** A bitset field that grew past this many keys through updates is rebuilt instead (its CSR slots are 16-bit). */
const BITSET_MAX_KEYS_UPDATED = 4 * BITSET_MAX_CARDINALITY;

/** One document's keys before and after a change (each list without repeats). */
export interface KeyChange {
  ordinal: number;
  old: readonly string[];
  next: readonly string[];
}

/** A term field as a catalogue snapshot keeps it (catalog/snapshot): its postings in two flat arrays, its bitset layout. */
export interface TermFieldSnapshot {
  keys: string[];
  /** Key i's ordinals are ordinals[offsets[i] … offsets[i + 1]). */
  offsets: Int32Array;
  ordinals: Int32Array;
  /** Bitset fields: their keys (with any left without documents), in the CSR's order; null for a list field. */
  bitKeys: string[] | null;
  keyOffsets: Uint32Array | null;
  keyIndexes: Uint16Array | null;
  present: Int32Array;
}

/** A key's ordinals, ascending: a list as built or updated, or a view of a snapshot's flat array as restored. */
export type Ordinals = readonly number[] | Int32Array;

/**
 * A term field's index: per value, the ordinals that have it — as a bitset when the field has
 * few values (facets), as a list otherwise (sku, url_path).
 */
export class TermField {
  /** Per key, the ordinals that have it. */
  constructor(readonly postings = new Map<string, Ordinals>()) {}

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

  /** What a snapshot keeps — sharing the column's arrays: serialized in the same step (catalog/snapshot). */
  snapshot(): TermFieldSnapshot {
    const keys = [...this.postings.keys()];
    const offsets = new Int32Array(keys.length + 1);
    let total = 0;
    keys.forEach((key, index) => {
      total += this.postings.get(key)!.length;
      offsets[index + 1] = total;
    });
    const ordinals = new Int32Array(total);
    keys.forEach((key, index) => ordinals.set(this.postings.get(key)!, offsets[index]));
    return {
      keys,
      offsets,
      ordinals,
      bitKeys: this.bits ? this.keys : null,
      keyOffsets: this.bits ? this.keyOffsets : null,
      keyIndexes: this.bits ? this.keyIndexes : null,
      present: this.present.words,
    };
  }

  /** The field a snapshot kept, as `finish` (and any updates since) left it. */
  static restore(state: TermFieldSnapshot, size: number): TermField {
    const field = new TermField();
    const { keys, offsets, ordinals } = state;
    // Views of the flat array (an update replaces a key's list, never writes into it): no list per key to make.
    for (let index = 0; index < keys.length; index += 1) field.postings.set(keys[index], ordinals.subarray(offsets[index], offsets[index + 1]));
    if (state.bitKeys) {
      field.keys = state.bitKeys;
      field.bits = new Map(state.bitKeys.map((key) => [key, Bitset.of(size, field.postings.get(key) ?? [])]));
      field.keyOffsets = state.keyOffsets!;
      field.keyIndexes = state.keyIndexes!;
    }
    field.present = new Bitset(size, state.present);
    return field;
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

  /** A document's keys, read from the column (bitset fields only: null for a list field). */
  keysAt(ordinal: number): string[] | null {
    if (!this.bits) return null;
    const out: string[] = [];
    for (let i = this.keyOffsets[ordinal]; i < this.keyOffsets[ordinal + 1]; i += 1) out.push(this.keys[this.keyIndexes[i]]);
    return out;
  }

  /** Does the column hold exactly these keys (no repeats) for the document? Null for a list field (it cannot say). */
  holds(ordinal: number, keys: readonly string[]): boolean | null {
    if (!this.bits) return null;
    const start = this.keyOffsets[ordinal];
    if (this.keyOffsets[ordinal + 1] - start !== keys.length) return false;
    for (const key of keys) if (!this.bits.get(key)?.has(ordinal)) return false;
    return true;
  }

  /**
   * Some documents were replaced (a catalogue change reloaded them): their postings, bits, CSR
   * slots and presence move from their old keys to their new ones, in work proportional to them
   * and to the postings of the keys they touch — the CSR arrays are copied once when a document's
   * number of keys changed. A key left without documents leaves the postings (an empty bitset
   * stays and counts 0, as an absent key would). False when the bitsets would outgrow their
   * slots: the field is then rebuilt instead.
   */
  update(changes: readonly KeyChange[], size: number): boolean {
    const removed = new Map<string, Set<number>>();
    const added = new Map<string, number[]>();
    for (const { ordinal, old, next } of changes) {
      for (const key of old) if (!next.includes(key)) (removed.get(key) ?? removed.set(key, new Set()).get(key)!).add(ordinal);
      for (const key of next) if (!old.includes(key)) (added.get(key) ?? added.set(key, []).get(key)!).push(ordinal);
    }
    if (this.bits) {
      const fresh = [...added.keys()].filter((key) => !this.bits!.has(key));
      if (this.keys.length + fresh.length > BITSET_MAX_KEYS_UPDATED) return false;
      for (const key of fresh) {
        this.bits.set(key, new Bitset(size));
        this.keys.push(key);
      }
      for (const [key, ordinals] of removed) for (const ordinal of ordinals) this.bits.get(key)!.delete(ordinal);
      for (const [key, ordinals] of added) for (const ordinal of ordinals) this.bits.get(key)!.add(ordinal);
      this.updateSlots(changes, size);
    }
    for (const [key, gone] of removed) {
      const list = Array.from(this.postings.get(key) ?? []).filter((ordinal) => !gone.has(ordinal));
      if (list.length > 0) this.postings.set(key, list);
      else this.postings.delete(key);
    }
    for (const [key, ordinals] of added) this.postings.set(key, mergeSorted(this.postings.get(key) ?? [], ordinals));
    for (const { ordinal, next } of changes) {
      if (next.length > 0) this.present.add(ordinal);
      else this.present.delete(ordinal);
    }
    return true;
  }

  /** The changed documents' CSR slots: in place when each keeps its number of keys, else the arrays anew. */
  private updateSlots(changes: readonly KeyChange[], size: number): void {
    const indexOf = new Map(this.keys.map((key, index) => [key, index]));
    const { keyOffsets, keyIndexes } = this;
    const width = (ordinal: number) => keyOffsets[ordinal + 1] - keyOffsets[ordinal];
    if (changes.every(({ ordinal, next }) => next.length === width(ordinal))) {
      for (const { ordinal, next } of changes) next.forEach((key, i) => (keyIndexes[keyOffsets[ordinal] + i] = indexOf.get(key)!));
      return;
    }
    const replaced = new Map(changes.map(({ ordinal, next }) => [ordinal, next.map((key) => indexOf.get(key)!)]));
    const offsets = new Uint32Array(size + 1);
    for (let ordinal = 0; ordinal < size; ordinal += 1) offsets[ordinal + 1] = offsets[ordinal] + (replaced.get(ordinal)?.length ?? width(ordinal));
    const indexes = new Uint16Array(offsets[size]);
    for (let ordinal = 0; ordinal < size; ordinal += 1) {
      const mine = replaced.get(ordinal);
      if (mine) indexes.set(mine, offsets[ordinal]);
      else indexes.set(keyIndexes.subarray(keyOffsets[ordinal], keyOffsets[ordinal + 1]), offsets[ordinal]);
    }
    this.keyOffsets = offsets;
    this.keyIndexes = indexes;
  }

  setOf(key: string, size: number): Bitset | null {
    if (this.bits) return this.bits.get(key) ?? null;
    const ordinals = this.postings.get(key);
    return ordinals ? Bitset.of(size, ordinals) : null;
  }
}

/** Two ascending lists of ordinals as one (postings stay in ordinal order, as built). */
function mergeSorted(a: Ordinals, b: number[]): number[] {
  b.sort((x, y) => x - y);
  const out: number[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}
