import type { Filter } from '../search-request';
import type { FieldDefinition, IndexOptions } from './document-index';
import { termKey } from './field-values';
import { toNumbers, type NumericField } from './numeric-field';
import type { KeyChange, TermField } from './term-field';
import type { TextIndex, WeightedText } from './text-index';

/** What replacing documents changes in a DocumentIndex. */
export interface ReplaceColumns<D> {
  docs: D[];
  size: number;
  terms: Map<string, TermField>;
  numbers: Map<string, NumericField>;
  /** Columns derived from request parameters that were built already (heat output at 55/45/20…). */
  derived: Map<string, NumericField>;
  text: TextIndex | null;
}

/** A document's keys of a term field, without repeats (most fields have one value: no Set for them). */
const keysOf = (values: unknown[]): string[] => (values.length < 2 ? values.map(termKey) : [...new Set(values.map(termKey))]);
const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key) => b.includes(key));
const sameTexts = (a: readonly WeightedText[], b: readonly WeightedText[]) =>
  a.length === b.length && a.every((text, i) => text.boost === b[i].boost && text.text === b[i].text);

/**
 * Replaces documents in an index's columns in work proportional to them: per field the changed
 * documents' old and new values are compared, and only the fields that differ are updated (term
 * postings and bitsets, numeric columns, derived columns, the text index's terms). Answers the
 * fields whose values changed and the term fields that must be rebuilt instead (their bitsets
 * outgrew their slots). `columns.docs` holds the new documents afterwards.
 */
export function replaceDocuments<D>(
  columns: ReplaceColumns<D>,
  options: IndexOptions<D>,
  changes: readonly { ordinal: number; doc: D }[],
  derivedValues: (field: string) => FieldDefinition<D>['values'] | null,
  /** The fields that can have changed (the caller knows: a price change); the rest, text and derived columns are not compared. */
  only?: ReadonlySet<string>,
): { changed: Set<string>; rebuild: string[] } {
  const changed = new Set<string>();
  const termUpdates = new Map<string, KeyChange[]>();
  const numericUpdates = new Map<string, { column: NumericField; changes: { ordinal: number; values: number[] }[] }>();
  const numericUpdate = (name: string, column: NumericField, ordinal: number, values: unknown[]) => {
    const next = toNumbers(values);
    if (column.holds(ordinal, next)) return;
    const entry = numericUpdates.get(name) ?? numericUpdates.set(name, { column, changes: [] }).get(name)!;
    entry.changes.push({ ordinal, values: next });
  };
  // Each field's new values are read once per document and compared with the column where it can
  // say (numbers, bitset terms), else with the old document — before the documents are swapped.
  for (const [name, field] of Object.entries(options.fields)) {
    if (only && !only.has(name)) continue;
    const term = field.term ? columns.terms.get(name) : undefined;
    const numeric = field.numeric ? columns.numbers.get(name) : undefined;
    if (!term && !numeric) continue;
    for (const { ordinal, doc } of changes) {
      const values = field.values(doc);
      if (numeric) numericUpdate(name, numeric, ordinal, values);
      if (!term) continue;
      const next = keysOf(values);
      const held = term.holds(ordinal, next);
      if (held === true) continue;
      const old = term.keysAt(ordinal) ?? keysOf(field.values(columns.docs[ordinal]));
      if (held === false || !sameKeys(old, next)) (termUpdates.get(name) ?? termUpdates.set(name, []).get(name)!).push({ ordinal, old, next });
    }
  }
  for (const [name, column] of only ? [] : columns.derived) {
    const values = derivedValues(name);
    if (values) for (const { ordinal, doc } of changes) numericUpdate(name, column, ordinal, values(doc));
  }
  const textChanges: { ordinal: number; old: WeightedText[]; next: WeightedText[] }[] = [];
  if (columns.text && options.text && !only) {
    for (const { ordinal, doc } of changes) {
      const old = options.text(columns.docs[ordinal]);
      const next = options.text(doc);
      // A price or stock change leaves the words as they were: nothing to tokenise.
      if (!sameTexts(old, next)) textChanges.push({ ordinal, old, next });
    }
  }

  for (const { ordinal, doc } of changes) columns.docs[ordinal] = doc;
  const rebuild: string[] = [];
  for (const [name, updates] of termUpdates) {
    changed.add(name);
    if (!columns.terms.get(name)!.update(updates, columns.size)) rebuild.push(name);
  }
  for (const [name, { column, changes: updates }] of numericUpdates) {
    changed.add(name);
    column.update(updates);
  }
  columns.text?.replace(textChanges);
  return { changed, rebuild };
}

/** How a filter's set was computed (DocumentIndex.computeFilter): which columns a field has. */
export interface ColumnKinds {
  term(field: string): boolean;
  numeric(field: string): boolean;
}

/**
 * May a cached filter set stay after documents changed? Only when it was computed from columns
 * (terms for in/nin, numbers for ranges, either for exists) of fields whose values did not
 * change. A filter read from the documents themselves may rest on anything: it goes.
 */
export function answeredFromColumns(filter: Filter, kinds: ColumnKinds, changed: ReadonlySet<string>): boolean {
  if (filter.op === 'any' || filter.op === 'all' || filter.op === 'not') return filter.of.every((condition) => answeredFromColumns(condition, kinds, changed));
  if (changed.has(filter.field)) return false;
  const term = kinds.term(filter.field);
  const numeric = kinds.numeric(filter.field);
  if (term && (filter.op === 'in' || filter.op === 'nin')) return true;
  if (numeric && filter.op === 'range') return true;
  return (term || numeric) && filter.op === 'exists';
}
