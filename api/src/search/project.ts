/**
 * Field selection (`_sourceInclude` / `_sourceExclude`, dotted paths through objects and
 * arrays): a listing asks for the fields a tile needs, not whole products with every variant.
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

export function project<T>(doc: T, includes: string[] | null, excludes: string[] | null): Partial<T> {
  let result: unknown = includes && includes.length > 0 ? include(doc, includes.map((field) => field.split('.'))) : doc;
  for (const field of excludes ?? []) result = exclude(result, field.split('.'));
  return result as Partial<T>;
}
