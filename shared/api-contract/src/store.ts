import { Type, type Static } from '@sinclair/typebox';
import { answers } from './envelope';

/** The system routes: the store a request speaks to, and the health check. */

/** A store view: what a request's store code speaks (locale, currency, the default country). */
export const Store = Type.Object({
  storeId: Type.Integer(),
  storeCode: Type.String(),
  name: Type.String(),
  locale: Type.String(),
  currency: Type.String(),
  defaultCountry: Type.String(),
});
export type Store = Static<typeof Store>;

/**
 * `GET /api/store` (by `?storeCode=` or the `x-vs-store-code` header, as the VSF contract has
 * it; none = this shop's). Open query: VSF adds its own parameters to every call.
 */
export const StoreCurrent = {
  summary: 'Current store configuration',
  tags: ['system'],
  querystring: Type.Object({ storeCode: Type.Optional(Type.String({ pattern: '^[a-z0-9_]{1,32}$' })) }, { additionalProperties: true }),
  response: answers(Store),
};

/** The process answers and so does its database (`sqlite` or `postgres`). */
export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  uptimeSeconds: Type.Integer(),
});
export type Health = Static<typeof Health>;

/** `GET /api/health`: liveness and the database; a database that does not answer is a 503. */
export const HealthCheck = {
  summary: 'Liveness and database check',
  tags: ['system'],
  response: answers(Health),
};
