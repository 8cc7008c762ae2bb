/**
 * Types read off a route of `@kaloryfer/api-contract` (imported with `import type`, so `typeof`
 * a route is a type only and no schema code reaches the bundle): for answers and bodies the
 * contract gives no name of their own.
 */

/** A route's success answer, the whole envelope (`{code, result, meta?}`). */
export type RouteAnswer<Route extends { response: { 200: { static: unknown } } }> = Route['response'][200]['static'];

/** A route's request body. */
export type RouteBody<Route extends { body: { static: unknown } }> = Route['body']['static'];
