/**
 * The contract between the API and the remotes: every route's params, query, body and answer
 * as a TypeBox schema. The API validates requests and serialises answers through these
 * (Fastify's TypeBox type provider); the remotes `import type` the static types only, so no
 * schema code reaches a browser bundle and a renamed field is a compile error where it is read.
 */
export * from './bounded-integers';
export * from './envelope';
export * from './company';
export * from './cart';
export * from './order';
export * from './payment';
export * from './stock';
export * from './store';
export * from './user';
export * from './wishlist';
export * from './newsletter';
export * from './product';
export * from './category';
export * from './attribute';
export * from './tax-rule';
export * from './product-reads';
export * from './search';
export * from './content';
export * from './reviews';
export * from './registry';
export * from './experiments';
export * from './signals';
export * from './page-requests';
