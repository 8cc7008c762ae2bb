import fc from 'fast-check';
import { hostileJsonValue, hostileParam, hostileQueryExtras, hostileRawBody, hostileText, MARKER } from './hostile-values';
import type { FuzzRoute, JsonSchema, Parameter } from './route-table';

/** Real values the fuzz mixes in, so requests also get past validation and reach storage. */
export interface FuzzContext {
  productId: number;
  sku: string;
  cmsIdentifier: string;
  adviceSlug: string;
  token: string;
  cartId: string;
  customerCartId: string;
  email: string;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The route it was made for ("GET /api/advice"). */
  route: string;
  /** What is hostile about it, for the report. */
  label: string;
}

const SEARCH_TYPES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'cms_hierarchy', 'review'];

/** Parameters and fields the API looks things up by: a real value most of the time. */
function known(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | null {
  switch (name) {
    case 'productId':
    case 'product_id':
      return fc.constant(ctx.productId);
    case 'qty':
      return fc.integer({ min: 1, max: 3 });
    case 'sku':
    case 'parentSku':
      return fc.constant(ctx.sku);
    case 'identifier':
      return fc.constant(ctx.cmsIdentifier);
    case 'slug':
      return fc.constant(ctx.adviceSlug);
    case 'index':
      return fc.constant('vue_storefront_catalog');
    case 'type':
      return fc.constantFrom(...SEARCH_TYPES);
    case 'token':
      return fc.constant(ctx.token);
    case 'cartId':
    case 'quoteId':
    case 'cart_id':
      return fc.constantFrom(ctx.cartId, ctx.customerCartId);
    case 'email':
    case 'username':
      return fc.constantFrom(ctx.email, `${MARKER}@example.pl`);
    default:
      return null;
  }
}

/** A value that fits `schema` (texts carry the marker); depth-limited. */
function fitting(schema: JsonSchema, name: string, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  const real = known(name, ctx);
  if (real) return real;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => fitting(branch, name, ctx, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? min + 1_000, min + 1_000)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const max = schema.maxLength ?? 60;
      if (schema.format === 'email') return fc.nat(9_999).map((n) => `${MARKER}${n}@example.pl`);
      if (schema.pattern) {
        try {
          // The pattern bounds the length when the schema does not (a 64-digit hash is longer than the default).
          const longest = schema.maxLength ?? Infinity;
          return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= longest && text.length >= (schema.minLength ?? 0));
        } catch {
          /* a pattern JavaScript cannot read: fall through */
        }
      }
      return fc
        .string({ minLength: 0, maxLength: Math.min(max, 30) })
        .map((text) => `${MARKER}${text}`.slice(0, max))
        .filter((text) => text.length >= (schema.minLength ?? 0));
    }
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(field(schema.items ?? {}, name, ctx, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      if (depth > 5) return fc.constant({});
      const properties = schema.properties ?? {};
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, field(value, key, ctx, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((key) => key in properties),
      });
      // Sometimes a field no schema knows, with a large marked text: stored, it would be garbage.
      return fc
        .tuple(record, fc.option(hostileText, { freq: 10 }))
        .map(([value, extra]) => (extra === null ? value : { ...value, [`${MARKER}_extra`]: extra }));
    }
    default:
      return fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(`${MARKER}any`), fc.boolean());
  }
}

/** A body field: fitting most of the time, hostile now and then (at any depth). */
function field(schema: JsonSchema, name: string, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 10, arbitrary: fitting(schema, name, ctx, depth) }, { weight: 1, arbitrary: hostileJsonValue });
}

/** Percent-encoded; a lone surrogate (not encodable) goes as the bytes of one (ED A0 80: invalid UTF-8). */
const encode = (value: unknown) =>
  (typeof value === 'string' ? value : JSON.stringify(value))
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

/** A path or query parameter: real/fitting, hostile (encoded), or hostile as raw bytes in the URL. */
function param(parameter: Parameter, ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fitting(parameter.schema, parameter.name, ctx, 0).map(encode) },
    { weight: 2, arbitrary: hostileParam.map(encode) },
    { weight: 1, arbitrary: hostileParam.filter((text) => text.length < 200) },
  );
}

function queryString(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<string> {
  const pairs = route.query.map((parameter) =>
    fc.option(
      param(parameter, ctx).map((value) => `${encodeURIComponent(parameter.name)}=${value}`),
      { freq: parameter.required ? 12 : 3 },
    ),
  );
  return fc
    .tuple(fc.tuple(...pairs), fc.option(hostileQueryExtras, { freq: 5 }))
    .map(([values, extra]) => [...values, extra].filter((pair): pair is string => pair !== null).join('&'));
}

/** JSON.stringify cannot write 1e309 (it writes Infinity as null): put it in raw, in place of a number. */
const withRawHugeNumber = (json: string) => json.replace(/:(-?\d+)([,}])/, ':1e309$2');

function body(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<{ body?: string | Uint8Array; contentType: string | null; label: string }> {
  if (route.method === 'GET' || route.method === 'HEAD') return fc.constant({ contentType: null, label: 'no body' });
  const shaped = route.body ? fitting(route.body, 'body', ctx, 0) : fc.dictionary(hostileText, hostileJsonValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value) => ({ body: JSON.stringify(value) ?? '', contentType: 'application/json', label: 'shaped JSON body' })) },
    {
      weight: 1,
      arbitrary: shaped.map((value) => ({
        body: withRawHugeNumber(JSON.stringify(value) ?? ''),
        contentType: 'application/json',
        label: 'a number written 1e309',
      })),
    },
    { weight: 2, arbitrary: hostileRawBody },
  );
}

/** Headers some routes read: a token as a bearer, language, forwarded addresses. */
const extraHeaders = (ctx: FuzzContext): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { authorization: `Bearer ${ctx.token}` },
        { authorization: 'Bearer ' },
        { authorization: `Bearer ${'x'.repeat(5_000)}` },
        { authorization: 'Basic Og==' },
      ),
    },
    { weight: 1, arbitrary: hostileText.map((text) => ({ authorization: `Bearer ${encode(text).slice(0, 4_000)}` })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'accept-language': 'x'.repeat(4_000) },
        { 'x-forwarded-for': '::ffff:1.2.3.4, <script>' },
        { 'x-forwarded-proto': 'gopher' },
      ),
    },
  );

/** Requests for one route: its own method (now and then another), hostile or fitting parts. */
export function requestsFor(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...route.pathParams.map((parameter) => param(parameter, ctx)));
  const method = fc.oneof({ weight: 30, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('PATCH', 'PUT', 'DELETE', 'OPTIONS') });
  return fc
    .record({ method, pathValues, query: queryString(route, ctx), payload: body(route, ctx), headers: extraHeaders(ctx) })
    .map(({ method: sent, pathValues: values, query, payload, headers }) => {
      let index = 0;
      const path = route.path.replace(/:(\w+)/g, () => values[index++] ?? '');
      const withBody = sent !== 'GET' && sent !== 'HEAD' && payload.body !== undefined;
      return {
        method: sent,
        url: query ? `${path}?${query}` : path,
        headers: { ...headers, ...(withBody && payload.contentType ? { 'content-type': payload.contentType } : {}) },
        ...(withBody ? { body: payload.body } : {}),
        route: `${route.method} ${route.path}`,
        label: `${route.method} ${route.path}: ${withBody ? payload.label : 'no body'}`,
      };
    });
}

/** Requests over every route, each route about as often as the others. */
export function anyRequest(routes: FuzzRoute[], ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...routes.map((route) => requestsFor(route, ctx)));
}
