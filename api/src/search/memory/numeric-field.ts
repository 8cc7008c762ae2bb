import { Bitset } from './bitset';

/** A numeric column as a catalogue snapshot keeps it (catalog/snapshot). */
export interface NumericFieldSnapshot {
  offsets: Uint32Array;
  values: Float64Array;
  min: Float64Array;
  max: Float64Array;
  present: Int32Array;
}

/**
 * A numeric field's column: every value per document (a configurable radiator has many
 * widths), with each document's min and max for sorting.
 */
export class NumericField {
  offsets: Uint32Array;
  values: Float64Array;
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

  /** What a snapshot keeps — the column's own arrays: serialized in the same step (catalog/snapshot). */
  snapshot(): NumericFieldSnapshot {
    return { offsets: this.offsets, values: this.values, min: this.min, max: this.max, present: this.present.words };
  }

  /** The column a snapshot kept. */
  static restore(state: NumericFieldSnapshot, size: number): NumericField {
    const field = Object.create(NumericField.prototype) as NumericField;
    return Object.assign(field, { ...state, present: new Bitset(size, state.present) });
  }

  /** Does the column hold exactly these values, in this order, for the document? */
  holds(ordinal: number, values: readonly number[]): boolean {
    const start = this.offsets[ordinal];
    if (this.offsets[ordinal + 1] - start !== values.length) return false;
    for (let i = 0; i < values.length; i += 1) if (this.values[start + i] !== values[i]) return false;
    return true;
  }

  /**
   * Some documents' values changed (a catalogue change reloaded them): written in place when each
   * keeps its number of values, else the value arrays are copied once with theirs.
   */
  update(changes: readonly { ordinal: number; values: number[] }[]): void {
    const { offsets } = this;
    const size = offsets.length - 1;
    const width = (ordinal: number) => offsets[ordinal + 1] - offsets[ordinal];
    if (!changes.every(({ ordinal, values }) => values.length === width(ordinal))) {
      const replaced = new Map(changes.map(({ ordinal, values }) => [ordinal, values]));
      const nextOffsets = new Uint32Array(size + 1);
      for (let ordinal = 0; ordinal < size; ordinal += 1) nextOffsets[ordinal + 1] = nextOffsets[ordinal] + (replaced.get(ordinal)?.length ?? width(ordinal));
      const nextValues = new Float64Array(nextOffsets[size]);
      for (let ordinal = 0; ordinal < size; ordinal += 1) {
        if (!replaced.has(ordinal)) nextValues.set(this.values.subarray(offsets[ordinal], offsets[ordinal + 1]), nextOffsets[ordinal]);
      }
      this.offsets = nextOffsets;
      this.values = nextValues;
    }
    for (const { ordinal, values } of changes) {
      this.values.set(values, this.offsets[ordinal]);
      this.min[ordinal] = values.length > 0 ? Math.min(...values) : Number.NaN;
      this.max[ordinal] = values.length > 0 ? Math.max(...values) : Number.NaN;
      if (values.length > 0) this.present.add(ordinal);
      else this.present.delete(ordinal);
    }
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

/** A field's values as numbers: numbers, booleans as 0/1, numeric strings, dates as epoch ms. */
export function toNumbers(values: unknown[]): number[] {
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
