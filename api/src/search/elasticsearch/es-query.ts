import { fieldName, isObject, scalars, SearchQueryError } from '../query-parser';
import { SEARCH_LIMITS, type EntityType, type Filter, type Scalar, type TextOptions } from '../search-request';

/**
 * An Elasticsearch query (the `query` of a body VSF 1.12's default `api` adapter sends, built by
 * bodybuilder through storefront-query-builder) translated into the shop's filters and text.
 * The subset that builder emits is translated; anything else is refused with what it is —
 * never dropped, because a dropped condition answers the wrong products (a category listing
 * showing the whole catalogue).
 *
 * - bool: must and filter → every condition; must_not → none of them; should → one of them
 *   (ES requires one when the bool has no must/filter, or with minimum_should_match 1)
 * - term, terms → the field has one of the values; range (gt/gte/lt/lte, from/to) → range;
 *   exists → present; match, match_phrase on a keyword field → equality
 * - match_phrase_prefix → starts with the text (like "text%")
 * - multi_match, and match / match_phrase on a text field → the shop's full-text search over
 *   its own fields and boosts (fuzziness 0 → exact words, otherwise one edit; operator and /
 *   minimum_should_match → share of words required). A should group of a multi_match and SKU
 *   lookups of the same text (what VSF's search box sends) is that text search: SKUs are
 *   indexed words there.
 * - function_score, constant_score → their query or filter (functions, weights and boosts only
 *   rank in Elasticsearch; the shop ranks by its own relevance); match_all → nothing
 */
export interface TranslatedQuery {
  filters: Filter[];
  text: string;
  textOptions: TextOptions;
}

export const SUPPORTED_QUERIES = [
  'bool',
  'term',
  'terms',
  'range',
  'exists',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'multi_match',
  'match_all',
  'function_score',
  'constant_score',
] as const;

/** Per type, the fields the full-text index searches (collection-fields.ts, memory-engine.ts). */
const TEXT_FIELDS: Partial<Record<EntityType, readonly string[]>> = {
  product: ['name', 'sku', 'configurable_children.sku', 'category.name', 'description', 'short_description', 'meta_title', 'meta_keyword'],
  category: ['name'],
  attribute: ['frontend_label', 'default_frontend_label'],
  cms_page: ['title', 'content'],
  cms_block: ['title', 'content'],
};

/** SKU lookups VSF's search box adds beside its multi_match (the same text as a SKU). */
const SKU_FIELDS = ['sku', 'configurable_children.sku'];

const MAX_DEPTH = 12;
const MAX_CONDITIONS = 300;

interface Context {
  type: EntityType;
  text: { query: string; options: TextOptions } | null;
  conditions: number;
}

const fail = (message: string): never => {
  throw new SearchQueryError(message);
};

/** `category.name.keyword` is the keyword twin of `category.name`: the shop's fields are both. */
function field(raw: string, where: string): string {
  const name = fieldName(raw.endsWith('.keyword') ? raw.slice(0, -'.keyword'.length) : raw, where);
  return name;
}

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** `{field: spec}` with exactly one field (how term, range, match… name their field). */
function single(clause: unknown, kind: string): [string, unknown] {
  if (!isObject(clause)) return fail(`${kind} must be an object {field: …}`);
  const entries = Object.entries(clause).filter(([key]) => key !== 'boost' && key !== '_name');
  if (entries.length !== 1) return fail(`${kind} takes exactly one field, got ${entries.length}`);
  return [field(entries[0][0], `${kind} field`), entries[0][1]];
}

function only(clause: Record<string, unknown>, kind: string, allowed: readonly string[]): void {
  const unknown = Object.keys(clause).find((key) => !allowed.includes(key));
  if (unknown) fail(`${kind}: "${unknown}" is not supported (supported: ${allowed.join(', ')})`);
}

function scalar(value: unknown, where: string): Scalar {
  const [one] = scalars(value, where);
  if (Array.isArray(value) && value.length !== 1) fail(`${where} takes one value`);
  return one;
}

function textOf(value: unknown, where: string): { query: string; options: Record<string, unknown> } {
  const options = isObject(value) ? value : { query: value };
  const query = options.query;
  if (typeof query !== 'string' && typeof query !== 'number') return fail(`${where}.query must be a text`);
  const text = String(query);
  if (text.length > SEARCH_LIMITS.maxTextLength) fail(`${where}.query must be at most ${SEARCH_LIMITS.maxTextLength} characters`);
  return { query: text, options };
}

/** minimum_should_match as a share: "75%", "75%25" (VSF's GET encodes it twice), 2 words, "100%". */
function share(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).replace(/%25$/, '%');
  const percent = /^(\d{1,3})%$/.exec(text);
  if (percent && Number(percent[1]) <= 100) return Math.max(0.01, Number(percent[1]) / 100);
  return fail(`${where}.minimum_should_match must be a percentage such as "75%", got ${JSON.stringify(value)}`);
}

function fuzzy(value: unknown, where: string): boolean | undefined {
  if (value === undefined) return undefined;
  const text = String(value).toUpperCase();
  if (text === '0') return false;
  if (['1', '2', 'AUTO'].includes(text) || /^AUTO:\d+,\d+$/.test(text)) return true;
  return fail(`${where}.fuzziness must be 0, 1, 2 or AUTO, got ${JSON.stringify(value)}`);
}

const TEXT_OPTIONS = [
  'query',
  'operator',
  'fuzziness',
  'minimum_should_match',
  'prefix_length',
  'max_expansions',
  'cutoff_frequency',
  'tie_breaker',
  'analyzer',
  'boost',
  'lenient',
  'zero_terms_query',
  'auto_generate_synonyms_phrase_query',
  'fuzzy_transpositions',
  '_name',
];

function setText(ctx: Context, query: string, options: Record<string, unknown>, where: string): void {
  only(options, where, [...TEXT_OPTIONS, 'fields', 'type', 'slop']);
  if (options.type !== undefined && !['best_fields', 'most_fields', 'cross_fields'].includes(String(options.type))) {
    fail(`${where}.type "${String(options.type)}" is not supported (best_fields, most_fields, cross_fields)`);
  }
  const operator = options.operator === undefined ? 'or' : String(options.operator).toLowerCase();
  if (operator !== 'or' && operator !== 'and') fail(`${where}.operator must be or / and`);
  const textOptions: TextOptions = {};
  const minimum = operator === 'and' ? 1 : share(options.minimum_should_match, where);
  if (minimum !== undefined) textOptions.minimumShouldMatch = minimum;
  const fuzziness = fuzzy(options.fuzziness, where);
  if (fuzziness !== undefined) textOptions.fuzzy = fuzziness;
  if (ctx.text && ctx.text.query !== query) fail('only one full-text query per search (multi_match / match on a text field)');
  ctx.text = { query, options: { ...ctx.text?.options, ...textOptions } };
}

function textFields(ctx: Context, fields: unknown, where: string): void {
  const searchable = TEXT_FIELDS[ctx.type] ?? [];
  for (const raw of list(fields)) {
    if (typeof raw !== 'string') fail(`${where}.fields must be field names`);
    const name = field(String(raw).replace(/\^[\d.]+$/, ''), `${where} field`);
    if (!searchable.includes(name)) fail(`${where}: ${name} is not a full-text field of ${ctx.type} (searchable: ${searchable.join(', ') || 'none'})`);
  }
}

/** The text a should-clause stands for, when it is text-ish: a multi_match or SKU lookups of a text. */
function textClause(clause: unknown, ctx: Context): { query: string; main: boolean } | null {
  if (!isObject(clause) || Object.keys(clause).length !== 1) return null;
  const [kind, body] = Object.entries(clause)[0];
  if (kind === 'multi_match' && isObject(body)) return { query: String(body.query ?? ''), main: true };
  if ((kind === 'match' || kind === 'match_phrase') && isObject(body)) {
    const [name, value] = single(body, kind);
    const { query } = textOf(value, `${kind}.${name}`);
    if ((TEXT_FIELDS[ctx.type] ?? []).includes(name) && !SKU_FIELDS.includes(name)) return { query, main: true };
    if (ctx.type === 'product' && SKU_FIELDS.includes(name)) return { query, main: false };
    return null;
  }
  if (kind === 'terms' && isObject(body) && ctx.type === 'product') {
    const [name, values] = single(body, kind);
    // VSF: terms configurable_children.sku: text.split('-') — parts of the same text.
    if (SKU_FIELDS.includes(name) && Array.isArray(values) && values.every((value) => typeof value === 'string'))
      return { query: values.join('-'), main: false };
    return null;
  }
  if (kind === 'bool' && isObject(body) && Object.keys(body).every((key) => key === 'should' || key === 'boost' || key === 'minimum_should_match')) {
    const parts = list(body.should).map((part) => textClause(part, ctx));
    if (parts.length > 0 && parts.every((part) => part !== null && !part.main)) return { query: parts[0]!.query, main: false };
  }
  return null;
}

/** A should group that is one text search (VSF's search box), or null when it is not one. */
function textGroup(clauses: unknown[], ctx: Context, depth: number): boolean {
  const parts = clauses.map((clause) => textClause(clause, ctx));
  const main = clauses.find((_, index) => parts[index]?.main);
  if (!main || parts.some((part) => part === null)) return false;
  const mainText = parts.find((part) => part?.main)!.query;
  if (parts.some((part) => !part!.main && part!.query !== mainText)) return false;
  translate(main, ctx, depth + 1, true);
  return true;
}

const asOne = (filters: Filter[]): Filter => (filters.length === 1 ? filters[0] : { field: filters[0]?.field ?? '', op: 'all', of: filters });

function translateBool(body: unknown, ctx: Context, depth: number, positive: boolean): Filter[] {
  if (!isObject(body)) return fail('bool must be an object');
  only(body, 'bool', ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', '_name']);
  const required = [...list(body.must), ...list(body.filter)];
  const filters = required.flatMap((clause) => translate(clause, ctx, depth + 1, positive));
  for (const clause of list(body.must_not)) {
    const excluded = translate(clause, ctx, depth + 1, false);
    if (excluded.length > 0) filters.push({ field: excluded[0].field, op: 'not', of: [asOne(excluded)] });
  }
  const should = list(body.should);
  if (should.length > 0) {
    const minimum = body.minimum_should_match;
    if (minimum !== undefined && String(minimum) !== '1') fail(`bool.minimum_should_match: only 1 is supported, got ${JSON.stringify(minimum)}`);
    if (required.length > 0 && minimum === undefined) {
      fail('bool.should beside must/filter only changes scores in Elasticsearch; add minimum_should_match: 1 to require one of them');
    }
    if (positive && textGroup(should, ctx, depth)) return filters;
    const branches = should.map((clause) => translate(clause, ctx, depth + 1, false));
    // A branch without conditions (match_all) holds for every document: so does the group.
    if (branches.every((branch) => branch.length > 0)) filters.push({ field: branches[0][0].field, op: 'any', of: branches.map(asOne) });
  }
  return filters;
}

/** One query clause → the filters that must all hold (text goes to the context). */
function translate(clause: unknown, ctx: Context, depth: number, positive: boolean): Filter[] {
  if (depth > MAX_DEPTH) fail(`the query nests deeper than ${MAX_DEPTH} levels`);
  if ((ctx.conditions += 1) > MAX_CONDITIONS) fail(`the query has more than ${MAX_CONDITIONS} conditions`);
  if (!isObject(clause)) return fail('each query clause must be an object such as {"term": {"sku": "…"}}');
  const kinds = Object.keys(clause);
  if (kinds.length === 0) return [];
  if (kinds.length !== 1) fail(`a query clause has exactly one kind, got ${kinds.join(', ')}`);
  const kind = kinds[0];
  const body = clause[kind];
  switch (kind) {
    case 'match_all':
      return [];
    case 'bool':
      return translateBool(body, ctx, depth, positive);
    case 'constant_score': {
      if (!isObject(body)) return fail('constant_score must be an object');
      only(body, 'constant_score', ['filter', 'boost', '_name']);
      return translate(body.filter ?? {}, ctx, depth + 1, positive);
    }
    case 'function_score': {
      if (!isObject(body)) return fail('function_score must be an object');
      only(body, 'function_score', ['query', 'functions', 'score_mode', 'boost_mode', 'max_boost', 'min_score', 'boost', 'weight', '_name']);
      for (const fn of list(body.functions)) {
        // Weights only re-rank; random_score (VSF's random sort), scripts and decays cannot be served.
        if (!isObject(fn)) fail('function_score.functions must be objects');
        only(fn as Record<string, unknown>, 'function_score.functions[]', ['filter', 'weight']);
      }
      return translate(body.query ?? {}, ctx, depth + 1, positive);
    }
    case 'term': {
      const [name, value] = single(body, 'term');
      const one = isObject(value) ? value.value : value;
      return [{ field: name, op: 'in', values: [scalar(one, `term ${name}`)] }];
    }
    case 'terms': {
      const [name, values] = single(body, 'terms');
      if (isObject(values)) return fail(`terms ${name}: terms lookup is not supported; send the values`);
      return [{ field: name, op: 'in', values: scalars(values, `terms ${name}`) }];
    }
    case 'range': {
      const [name, bounds] = single(body, 'range');
      if (!isObject(bounds)) return fail(`range ${name} must be {gte, gt, lte, lt}`);
      only(bounds, `range ${name}`, ['gte', 'gt', 'lte', 'lt', 'from', 'to', 'include_lower', 'include_upper', 'format', 'boost']);
      const range: Extract<Filter, { op: 'range' }> = { field: name, op: 'range' };
      const bound = (value: unknown, key: string): Scalar => {
        if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length > 0 && value.length <= 40)) return value;
        return fail(`range ${name}.${key} must be a number or a date`);
      };
      for (const key of ['gte', 'gt', 'lte', 'lt'] as const) if (bounds[key] !== undefined && bounds[key] !== null) range[key] = bound(bounds[key], key);
      // The old from/to form: inclusive unless include_lower / include_upper say otherwise.
      if (bounds.from !== undefined && bounds.from !== null) range[bounds.include_lower === false ? 'gt' : 'gte'] = bound(bounds.from, 'from');
      if (bounds.to !== undefined && bounds.to !== null) range[bounds.include_upper === false ? 'lt' : 'lte'] = bound(bounds.to, 'to');
      if (Object.keys(range).length === 2) fail(`range ${name} needs a bound (gte, gt, lte or lt)`);
      return [range];
    }
    case 'exists': {
      if (!isObject(body) || typeof body.field !== 'string') return fail('exists must be {"field": "…"}');
      only(body, 'exists', ['field', 'boost', '_name']);
      return [{ field: field(body.field, 'exists field'), op: 'exists', exists: true }];
    }
    case 'match':
    case 'match_phrase': {
      const [name, value] = single(body, kind);
      const { query, options } = textOf(value, `${kind}.${name}`);
      if ((TEXT_FIELDS[ctx.type] ?? []).includes(name) && !SKU_FIELDS.includes(name)) {
        if (!positive) fail(`${kind} on the text field ${name} cannot be negated or alternated; use it as a required condition`);
        setText(ctx, query, kind === 'match_phrase' ? { ...options, operator: 'and' } : options, `${kind}.${name}`);
        return [];
      }
      only(options, `${kind}.${name}`, TEXT_OPTIONS);
      // A keyword field (type_id, sku, identifier…): Elasticsearch matches the whole value.
      return [{ field: name, op: 'in', values: [typeof value === 'object' ? query : scalar(value, `${kind} ${name}`)] }];
    }
    case 'match_phrase_prefix': {
      const [name, value] = single(body, kind);
      const { query, options } = textOf(value, `${kind}.${name}`);
      only(options, `${kind}.${name}`, ['query', 'max_expansions', 'slop', 'analyzer', 'boost', '_name']);
      if (query.length === 0 || query.length > 127) fail(`${kind}.${name} must be a text of 1 to 127 characters`);
      return [{ field: name, op: 'like', pattern: `${query}%` }];
    }
    case 'multi_match': {
      if (!isObject(body)) return fail('multi_match must be an object {query, fields}');
      if (!positive) fail('multi_match cannot be negated or alternated with other conditions; use it as a required condition');
      const { query } = textOf(body, 'multi_match');
      textFields(ctx, body.fields, 'multi_match');
      setText(ctx, query, body, 'multi_match');
      return [];
    }
    default:
      return fail(`Elasticsearch query "${kind}" is not supported (supported: ${SUPPORTED_QUERIES.join(', ')})`);
  }
}

export function translateQuery(query: unknown, type: EntityType): TranslatedQuery {
  const ctx: Context = { type, text: null, conditions: 0 };
  const filters = query === undefined || query === null ? [] : translate(query, ctx, 0, true);
  return { filters, text: ctx.text?.query.trim() ?? '', textOptions: ctx.text?.options ?? {} };
}
