import type { Filter, Scalar } from '../search-request';

/**
 * Reading and comparing field values by dotted path ("stock.is_in_stock",
 * "configurable_children.sku"): arrays on the way are flattened, as Elasticsearch does.
 * Used for fields no index covers and for the small collections (categories, CMS).
 */
export function valuesAt(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || value === undefined || typeof value !== 'object') continue;
      const child = (value as Record<string, unknown>)[part];
      if (Array.isArray(child)) next.push(...child);
      else if (child !== undefined && child !== null) next.push(child);
    }
    current = next;
  }
  return current;
}

/** Term key of a value: booleans are 1/0 so `true`, `1` and `"1"` all match a flag. */
export function termKey(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '0';
  return String(value);
}

function comparable(value: unknown): number | string | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) return number;
    return value;
  }
  return null;
}

/** Numeric bound, or the timestamp of a date ("2026-11-21", "2026-11-21 08:00:00"). */
export function numericBound(value: Scalar | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number)) return number;
  const time = Date.parse(value.replace(' ', 'T'));
  return Number.isFinite(time) ? time : undefined;
}

function toNumber(value: unknown): number | undefined {
  const plain = comparable(value);
  if (typeof plain === 'number') return plain;
  if (typeof plain === 'string') return numericBound(plain);
  return undefined;
}

export function inRangeFilter(value: number, filter: Extract<Filter, { op: 'range' }>): boolean {
  const gte = numericBound(filter.gte);
  const gt = numericBound(filter.gt);
  const lte = numericBound(filter.lte);
  const lt = numericBound(filter.lt);
  return (gte === undefined || value >= gte) && (gt === undefined || value > gt) && (lte === undefined || value <= lte) && (lt === undefined || value < lt);
}

/** SQL LIKE: % any run, _ one character; case-insensitive. */
export function likeMatcher(pattern: string): (value: string) => boolean {
  const escaped = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');
  const regex = new RegExp(`^${pattern.includes('%') || pattern.includes('_') ? escaped : `.*${escaped}.*`}$`, 'i');
  return (value) => regex.test(value);
}

/** Whether one document passes one filter, by reading its values. */
export function matchesFilter(doc: unknown, filter: Filter, read: (doc: unknown, path: string) => unknown[] = valuesAt): boolean {
  if (filter.op === 'any') return filter.of.some((condition) => matchesFilter(doc, condition, read));
  if (filter.op === 'all') return filter.of.every((condition) => matchesFilter(doc, condition, read));
  if (filter.op === 'not') return !filter.of.some((condition) => matchesFilter(doc, condition, read));
  const values = read(doc, filter.field);
  switch (filter.op) {
    case 'in': {
      const wanted = new Set(filter.values.map(termKey));
      return values.some((value) => wanted.has(termKey(value)));
    }
    case 'nin': {
      const unwanted = new Set(filter.values.map(termKey));
      return !values.some((value) => unwanted.has(termKey(value)));
    }
    case 'range':
      return values.some((value) => {
        const number = toNumber(value);
        return number !== undefined && inRangeFilter(number, filter);
      });
    case 'like': {
      const test = likeMatcher(filter.pattern);
      return values.some((value) => test(String(value)));
    }
    case 'exists': {
      const present = values.some((value) => value !== '' && !(Array.isArray(value) && value.length === 0));
      return present === filter.exists;
    }
    default:
      return false;
  }
}

/** Comparator over a field for sorting: min value ascending, max value descending; missing last. */
export function sortKey(doc: unknown, field: string, order: 'asc' | 'desc'): number | string | null {
  const values = valuesAt(doc, field)
    .map(comparable)
    .filter((value): value is number | string => value !== null);
  if (values.length === 0) return null;
  return values.reduce((best, value) => ((order === 'asc' ? value < best : value > best) ? value : best));
}

export function compareKeys(a: number | string | null, b: number | string | null, order: 'asc' | 'desc'): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const result = typeof a === 'string' || typeof b === 'string' ? String(a).localeCompare(String(b), 'pl') : a - b;
  return order === 'asc' ? result : -result;
}
