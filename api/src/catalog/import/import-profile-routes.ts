import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { envelope } from '../../http/envelope';
import type { RegistryCaller } from '../../registry';
import { answersWith, SavedProfileSchema } from './import-job-schema';
import { checkProfile, findProfile, listProfiles, saveProfile, unknownProfileMessage } from './import-profiles';
import { IMPORT_PATH } from './import-job-routes';

const PROFILES_PATH = `${IMPORT_PATH}/profiles`;
const ProfileName = Type.Object({ name: Type.String({ maxLength: 100 }) });

/**
 * Suppliers' profiles (docs/catalogue.md, "Profiles"), behind the operator's token
 * (import-routes.ts): `GET /api/catalog/import/profiles`, `GET …/profiles/:name`, and `PUT
 * …/profiles/:name` with the profile as JSON — 201 when it is new, 200 when it replaced one; a
 * profile with problems is 400 listing each (a field name not among the import's fields, …).
 */
export async function importProfileRoutes(app: FastifyInstance, { db, callerOf }: { db: Db; callerOf: (request: FastifyRequest) => RegistryCaller }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    PROFILES_PATH,
    { schema: { hide: true, response: answersWith({ 200: Type.Object({ profiles: Type.Array(SavedProfileSchema) }) }) }, config: { cache: 'private' } },
    async (_request, reply) => reply.send(envelope(200, { profiles: await listProfiles(db) })),
  );

  routes.get(
    `${PROFILES_PATH}/:name`,
    { schema: { hide: true, params: ProfileName, response: answersWith({ 200: SavedProfileSchema }) }, config: { cache: 'private' } },
    async (request, reply) => {
      const saved = await findProfile(db, request.params.name);
      return saved ? reply.send(envelope(200, saved)) : reply.code(404).send(envelope(404, await unknownProfileMessage(db, request.params.name)));
    },
  );

  routes.put(
    `${PROFILES_PATH}/:name`,
    { schema: { hide: true, params: ProfileName, response: answersWith({ 200: SavedProfileSchema, 201: SavedProfileSchema }) }, config: { cache: 'private' } },
    async (request, reply) => {
      const checked = checkProfile(request.params.name, request.body);
      if (!checked.ok) {
        const count = checked.problems.length;
        return reply.code(400).send(envelope(400, `the profile has ${count} problem${count === 1 ? '' : 's'}: ${checked.problems.join('; ')}`));
      }
      const caller = callerOf(request);
      const { created, ...saved } = await saveProfile(db, checked.profile, `${caller.team} token ${caller.tokenId}`, new Date());
      return reply.code(created ? 201 : 200).send(envelope(created ? 201 : 200, saved));
    },
  );
}
