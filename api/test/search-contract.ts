import { SearchAnswerOf, SearchDocuments, type SearchType } from '@kaloryfer/api-contract';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

/**
 * The catalogue search answers JSON text it writes itself (api/src/search/search-answer.ts), so
 * the API's response check (api/src/http/response-check.ts) never sees it: the search tests
 * check each answer here instead, against its type's schema in shared/api-contract — types,
 * required fields, and no field the schema does not list (outside the open product documents).
 */
const checks = new Map<string, { schema: TSchema; check: TypeCheck<TSchema> }>();

function checkerFor(type: string) {
  let found = checks.get(type);
  if (!found) {
    const schema = SearchAnswerOf(SearchDocuments[type as SearchType]);
    found = { schema, check: TypeCompiler.Compile(schema) };
    checks.set(type, found);
  }
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields a serialiser would drop: not listed where the schema is closed. */
function unlisted(schema: TSchema, value: unknown, at: string): string[] {
  if (Array.isArray(schema.anyOf)) {
    const branch = (schema.anyOf as TSchema[]).find((candidate) => TypeCompiler.Compile(candidate).Check(value));
    return branch ? unlisted(branch, value, at) : [];
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items && !Array.isArray(schema.items)) {
    return value.flatMap((item, index) => unlisted(schema.items as TSchema, item, `${at}/${index}`));
  }
  if (schema.type !== 'object' || !isObject(value)) return [];
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  return Object.entries(value).flatMap(([key, item]) => {
    if (key in properties) return unlisted(properties[key], item, `${at}/${key}`);
    if (isObject(schema.patternProperties)) return unlisted(Object.values(schema.patternProperties)[0] as TSchema, item, `${at}/${key}`);
    return schema.additionalProperties === true ? [] : [`${at}/${key}: not listed`];
  });
}

/** What is wrong with a search answer of `type` (the URL's), or [] when it keeps its contract. */
export function searchAnswerProblems(type: string, answer: unknown): string[] {
  if (!(type in SearchDocuments)) return [`no documents of type ${type}`];
  const { schema, check } = checkerFor(type);
  if (!check.Check(answer)) return [...check.Errors(answer)].slice(0, 5).map((error) => `${error.path || '/'}: ${error.message}`);
  return unlisted(schema, answer, '').slice(0, 5);
}

/** The search type in a search URL: /api/catalog/{index}/{type}/_search. */
export const searchTypeOf = (url: string): string => /\/api\/catalog\/[^/]+\/([^/]+)\/_search/.exec(url)?.[1] ?? '';
