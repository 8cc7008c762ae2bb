import { StoreCurrent } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { ApiError, sendResult } from '../http/envelope';

/**
 * GET /api/store: the store a request speaks to (by ?storeCode= or the x-vs-store-code
 * header, as the VSF contract has it; none or an empty one = this shop's, STORE_CODE): locale, currency, default country.
 */
export async function storeRoutes(app: FastifyInstance, { db, store: shop = { code: 'pl' } }: { db: Db; store?: { code: string } }) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/store', { schema: StoreCurrent }, async (request, reply) => {
    const header = request.headers['x-vs-store-code'];
    const code = request.query.storeCode ?? (typeof header === 'string' && header !== '' ? header : shop.code);
    if (!/^[a-z0-9_]{1,32}$/.test(code)) throw new ApiError(400, 'x-vs-store-code must match ^[a-z0-9_]{1,32}$');
    const store = await db.kysely.selectFrom('store').selectAll().where('code', '=', code).executeTakeFirst();
    if (!store) throw new ApiError(404, `Unknown store: ${code}`);
    return sendResult(reply, {
      storeId: store.id,
      storeCode: store.code,
      name: store.name,
      locale: store.locale,
      currency: store.currency,
      defaultCountry: store.default_country,
    });
  });
}
