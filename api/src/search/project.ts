/**
 * Field selection (`_sourceInclude` / `_sourceExclude`, dotted paths through objects and
 * arrays): a listing asks for the fields a tile needs, not whole products with every variant.
 * Patterns with `*` match as Elasticsearch's source filtering does — against a field's whole
 * dotted path, `*` standing for any run of characters dots included (`*image` keeps `image`,
 * `small_image` and `configurable_children.image`; `*.sgn` drops every nested `sgn`) — and a
 * pattern that matches nothing simply selects nothing.
 */
type Json = Record<string, unknown>;

function include(source: unknown, paths: string[][]): unknown {
  if (Array.isArray(source)) return source.map((item) => include(item, paths));
  if (source === null || typeof source !== 'object') return source;
  const byHead = new Map<string, string[][]>();
  for (const [head, ...rest] of paths) byHead.set(head, [...(byHead.get(head) ?? []), rest]);
  const out: Json = {};
  for (const [head, tails] of byHead) {
    const value = (source as Json)[head];
    if (value === undefined) continue;
    out[head] = tails.some((tail) => tail.length === 0) ? value : include(value, tails);
  }
  return out;
}

function exclude(source: unknown, path: string[]): unknown {
  if (Array.isArray(source)) return source.map((item) => exclude(item, path));
  if (source === null || typeof source !== 'object') return source;
  const [head, ...rest] = path;
  if (!(head in (source as Json))) return source;
  const copy = { ...(source as Json) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = exclude(copy[head], rest);
  return copy;
}

interface Pattern {
  /** The whole path matches. */
  full: RegExp;
  /** Text before the first `*` (the whole pattern when it has none). */
  literal: string;
  wildcard: boolean;
}

const compiled = new Map<string, Pattern>();

function pattern(text: string): Pattern {
  let found = compiled.get(text);
  if (!found) {
    const star = text.indexOf('*');
    const source = text
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    found = { full: new RegExp(`^${source}$`), literal: star < 0 ? text : text.slice(0, star), wildcard: star >= 0 };
    if (compiled.size > 1000) compiled.clear();
    compiled.set(text, found);
  }
  return found;
}

/** Whether a pattern could match some field below `path` (so the walk goes on into it). */
function reachesBelow(p: Pattern, path: string): boolean {
  const prefix = `${path}.`;
  return p.wildcard ? prefix.startsWith(p.literal) || p.literal.startsWith(prefix) : p.literal.startsWith(prefix);
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The Elasticsearch walk: a field is kept when an include pattern matches its path (with all
 * below it, less what excludes drop), or when one could match below it and something below is
 * kept; a field an exclude pattern matches is dropped.
 */
function select(value: unknown, path: string, includes: Pattern[] | null, excludes: Pattern[], whole: boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => select(item, path, includes, excludes, whole));
    // Objects left with nothing selected are dropped, as Elasticsearch does.
    return whole ? items : items.filter((item) => !(isObject(item) && Object.keys(item).length === 0));
  }
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (excludes.some((p) => p.full.test(childPath))) continue;
    const kept = whole || !includes || includes.some((p) => p.full.test(childPath));
    if (kept) {
      const below = excludes.length === 0 || !(isObject(child) || Array.isArray(child)) ? child : select(child, childPath, includes, excludes, true);
      out[key] = below;
      continue;
    }
    if (!includes!.some((p) => reachesBelow(p, childPath))) continue;
    if (!isObject(child) && !(Array.isArray(child) && child.some(isObject))) continue;
    const below = select(child, childPath, includes, excludes, false);
    if (Array.isArray(below) ? below.length > 0 : isObject(below) && Object.keys(below).length > 0) out[key] = below;
  }
  return out;
}

export function project<T>(doc: T, includes: readonly string[] | null, excludes: readonly string[] | null): Partial<T> {
  const wildcard = [...(includes ?? []), ...(excludes ?? [])].some((field) => field.includes('*'));
  if (wildcard) {
    const wanted = includes && includes.length > 0 ? includes.map(pattern) : null;
    return select(doc, '', wanted, (excludes ?? []).map(pattern), false) as Partial<T>;
  }
  let result: unknown =
    includes && includes.length > 0
      ? include(
          doc,
          includes.map((field) => field.split('.')),
        )
      : doc;
  for (const field of excludes ?? []) result = exclude(result, field.split('.'));
  return result as Partial<T>;
}
