import { ExperimentExposureRoute } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { EXPERIMENT_COOKIE } from '@kaloryfer/api-contract';
import { cookieFrom, type ExperimentCookie } from './experiment-cookie';
import type { Experiments } from './experiments';
import { ApiError } from '../http/envelope';

/** A beacon is a few bytes: anything bigger is not one. */
const EXPOSURE_BODY_LIMIT = 256;

/**
 * `POST /api/experiments/exposures` (docs/experiments.md): the shell says an A/B-tested remote
 * rendered for this shopper. What is recorded — the anonymous assignment id, the variant and
 * build — comes from the signed kf_ab cookie the page server set; the body only names the
 * remote. No cookie: nothing to record (204). A kf_ab this shop did not sign, or a name that is
 * none of the shop's remotes: 400, nothing stored.
 */
export async function experimentRoutes(
  app: FastifyInstance,
  { experiments, cookie, isRemote }: { experiments: Experiments; cookie: ExperimentCookie; isRemote: (name: string) => Promise<boolean> },
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  routes.post('/api/experiments/exposures', { schema: ExperimentExposureRoute, bodyLimit: EXPOSURE_BODY_LIMIT }, async (request, reply) => {
    if (!(await isRemote(request.body.remote))) throw new ApiError(400, `${request.body.remote} is not a remote of this shop`);
    const raw = cookieFrom(request.headers.cookie, EXPERIMENT_COOKIE);
    if (raw !== null) {
      const pins = cookie.read(raw);
      if (!pins) throw new ApiError(400, `The ${EXPERIMENT_COOKIE} cookie is not one this shop signed`);
      await experiments.recordExposure(pins, request.body.remote);
    }
    return reply.code(204).send(null);
  });
}
