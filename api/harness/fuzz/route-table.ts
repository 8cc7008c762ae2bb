import type { FastifyInstance } from 'fastify';

/** A JSON schema as the OpenAPI document carries it (only what the generators read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One method of one route: where its parameters go and what its body looks like. */
export interface FuzzRoute {
  method: string;
  /** Fastify's form: /api/review/list/:productId */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; null when the route declares none (hidden routes, GETs). */
  body: JsonSchema | null;
  /** In the OpenAPI document (schemas known) or only in Fastify's route table. */
  documented: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every route of the app: the OpenAPI document's (with their schemas) and, from Fastify's own
 * route table, the ones it hides (the sandbox gateway, the marketing recorder, the document).
 * HEAD is left out (Fastify answers it as the GET); the not-found catch-all too.
 */
export async function routeTable(app: FastifyInstance, baseUrl: string): Promise<FuzzRoute[]> {
  const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: FuzzRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const byPlace = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {}, required: parameter.required ?? false }));
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: byPlace('path'),
        query: byPlace('query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        documented: true,
      });
    }
  }
  for (const { method, path } of fastifyRoutes(app)) {
    if (method === 'HEAD' || path === '*' || routes.some((route) => route.method === method && route.path === path)) continue;
    const pathParams = [...path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], schema: {}, required: true }));
    routes.push({ method, path, pathParams, query: [], body: null, documented: false });
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * Fastify's route table from printRoutes (the one listing it offers): a tree of path segments,
 * four columns a level, "(GET, HEAD)" after each route. `a|:b` lists two parameter names at one
 * node (routes with different names at the same place): each is a route of all its methods.
 */
export function fastifyRoutes(app: FastifyInstance): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const [segment] = match[2].split(/ (?=\()/);
    stack.push(segment);
    if (!match[3]) continue;
    const joined = stack.join('');
    const alternatives = joined.includes('|')
      ? joined.split('|').map((alternative, index) => (index === 0 ? alternative : joined.slice(0, joined.lastIndexOf('/') + 1) + alternative))
      : [joined];
    for (const path of alternatives) for (const method of match[3].split(', ')) found.push({ method, path });
  }
  return found;
}
