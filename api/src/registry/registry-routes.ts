import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ExperimentReportRoute,
  RegistryCanaryRoute,
  RegistryOverrideRoute,
  RegistrySignalsRoute,
  RegistryHistoryRoute,
  RegistryVersionsRoute,
  RegistryPublishRoute,
  RegistryRemoteAddRoute,
  RegistryRemoteRemoveRoute,
  RegistryRemotesRoute,
  RegistryRollbackRoute,
  RegistryStatusRoute,
  RegistryTokenCreateRoute,
  RegistryTokenRevokeRoute,
  RegistryTokensRoute,
  RegistryWeightRoute,
  RegistryWithdrawRoute,
} from '@kaloryfer/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Experiments } from '../experiments';
import { experimentReport } from '../experiments';
import type { Signals } from '../signals';
import { resolveOverride } from './override-target';
import { OVERRIDE_PATH } from '@kaloryfer/api-contract';
import type { Overrides } from './overrides';
import type { RegistryStore } from './registry-store';
import { envelope, sendResult } from '../http/envelope';
import { ARCHIVE_LIMITS, ArchiveError } from './build-archive';
import { ReleaseRefused, unknownRemote } from './release-refusals';
import type { Releases } from './releases';
import type { ShopRemotes } from './shop-remotes';
import { assertMayChange, assertOperator, RegistryAuthError, type RegistryCaller, type RegistryTokens } from './registry-tokens';

/** The registry API's root: beside the shop's /api, never in its OpenAPI document or its pages. */
export const REGISTRY_API_PATH = '/registry/v1';

/** The archive types a publish takes (what `tar czf` and curl send). */
const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/x-tar', 'application/octet-stream'];

/**
 * The registry's HTTP API (docs/releasing.md, "The registry API"): status and history for
 * anyone with a token; publish, rollback, weight and withdraw for the remote's own team or an
 * operator; tokens for operators. Every refusal is the API's envelope with a reason — 401 (no,
 * unknown or revoked token), 403 (another team's remote), 400 (a malformed archive or
 * request), 404, 409 (a version taken, a release in progress), 422 (the gate said no: its checks
 * are in `result.gate`).
 */
export async function registryRoutes(
  app: FastifyInstance,
  {
    releases,
    remotes,
    tokens,
    experiments,
    signals,
    store,
    overrides,
    publicOrigin,
  }: {
    releases: Releases;
    remotes: ShopRemotes;
    tokens: RegistryTokens;
    experiments: Experiments;
    signals: Signals;
    store: RegistryStore;
    overrides: Overrides;
    publicOrigin: string;
  },
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { cache: 'private' as const };
  app.addContentTypeParser(ARCHIVE_TYPES, { parseAs: 'buffer', bodyLimit: ARCHIVE_LIMITS.bodyBytes }, (_request, body, done) => done(null, body));

  const callers = new WeakMap<FastifyRequest, RegistryCaller>();
  // Before the body is read: a call without a valid token never uploads 64 MB first.
  app.addHook('onRequest', async (request) => {
    callers.set(request, await tokens.caller(request.headers.authorization));
  });
  const callerOf = (request: FastifyRequest) => callers.get(request)!;

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply: FastifyReply) => {
    if (error instanceof RegistryAuthError) {
      // Refused before its body was read (an archive of up to 64 MB): the connection is not reused.
      if (request.headers['content-length'] !== '0' && (request.headers['content-length'] || request.headers['transfer-encoding']))
        reply.header('connection', 'close');
      return reply.code(error.statusCode).send(envelope(error.statusCode, error.message));
    }
    if (error instanceof ArchiveError) return reply.code(400).send(envelope(400, `not a build archive: ${error.message}`));
    if (error instanceof ReleaseRefused) {
      const result = error.details.gate || error.details.build ? { message: error.message, ...error.details } : error.message;
      return reply.code(error.statusCode).send(envelope(error.statusCode, result));
    }
    throw error; // the API's own handler: validation, body limits, the database
  });

  // Each running canary with what its judge counts in this step so far (the signals since the step began).
  api.get(`${REGISTRY_API_PATH}/status`, { schema: { hide: true, ...RegistryStatusRoute }, config }, async (_request, reply) => {
    const status = await releases.status();
    for (const remote of status.remotes) {
      for (const variant of remote.variants) {
        const canary = variant.canary;
        if (!canary) continue;
        const figures = (await signals.summarySince(remote.remote, new Date(canary.stepStartedAt))).find((build) => build.build === canary.build.build);
        canary.counted = {
          pageViews: figures?.pageViews ?? 0,
          visitors: figures?.visitors ?? 0,
          failingViews: figures?.failingViews ?? 0,
          failingVisitors: figures?.failingVisitors ?? 0,
        };
      }
    }
    return sendResult(reply, status);
  });

  // The shop's remotes (docs/architecture.md, "The shop's remotes"): anyone with a token reads them; operators register and remove.
  api.get(`${REGISTRY_API_PATH}/remotes`, { schema: { hide: true, ...RegistryRemotesRoute }, config }, async (_request, reply) =>
    sendResult(reply, await remotes.list()),
  );

  api.post(`${REGISTRY_API_PATH}/remotes`, { schema: { hide: true, ...RegistryRemoteAddRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    if (caller.team !== 'operator') throw new RegistryAuthError(403, `only an operator registers a remote (this is the ${caller.team} team's token)`);
    const made = await remotes.register(request.body, caller.team);
    return sendResult(reply, { name: made.name, routes: [...made.routes], slots: { ...made.slots } });
  });

  api.delete(`${REGISTRY_API_PATH}/remotes/:remote`, { schema: { hide: true, ...RegistryRemoteRemoveRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    if (caller.team !== 'operator') throw new RegistryAuthError(403, `only an operator removes a remote (this is the ${caller.team} team's token)`);
    await remotes.unregister(request.params.remote);
    return sendResult(reply, { removed: request.params.remote });
  });

  api.get(`${REGISTRY_API_PATH}/remotes/:remote/history`, { schema: { hide: true, ...RegistryHistoryRoute }, config }, async (request, reply) =>
    sendResult(reply, await releases.history(request.params.remote, request.query.limit ?? 50)),
  );

  api.get(`${REGISTRY_API_PATH}/remotes/:remote/versions`, { schema: { hide: true, ...RegistryVersionsRoute }, config }, async (request, reply) =>
    sendResult(reply, await releases.versions(request.params.remote)),
  );

  // Each build's signals over the last minutes (docs/releasing.md, "Signals"): any team reads any remote's, as the status.
  api.get(`${REGISTRY_API_PATH}/remotes/:remote/signals`, { schema: { hide: true, ...RegistrySignalsRoute }, config }, async (request, reply) => {
    return sendResult(reply, await signals.summary(request.params.remote, request.query.minutes ?? 60));
  });

  // The A/B report of a remote's variants (docs/experiments.md): its team or an operator.
  api.get(`${REGISTRY_API_PATH}/experiments/:remote/report`, { schema: { hide: true, ...ExperimentReportRoute }, config }, async (request, reply) => {
    const { remote } = request.params;
    assertMayChange(callerOf(request), remote);
    const live = (await releases.status()).remotes.find((entry) => entry.remote === remote);
    if (!live?.control) return reply.code(404).send(envelope(404, `${remote} runs no A/B test: it has one variant`));
    const since = request.query.since ? new Date(request.query.since) : null;
    if (since && Number.isNaN(since.getTime())) return reply.code(400).send(envelope(400, `since: not a time (${request.query.since})`));
    const report = experimentReport({
      experiment: remote,
      control: live.control,
      weights: Object.fromEntries(live.variants.map((variant) => [variant.variant, variant.weight])),
      counts: await experiments.counts(remote, since?.toISOString()),
      lift: (request.query.lift ?? 10) / 100,
      since: since?.toISOString() ?? null,
    });
    return sendResult(reply, report);
  });

  api.post(`${REGISTRY_API_PATH}/remotes/:remote/builds`, { schema: { hide: true, ...RegistryPublishRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    assertMayChange(caller, request.params.remote);
    if (!Buffer.isBuffer(request.body)) {
      return reply.code(415).send(envelope(415, `send the build as a tar.gz body (Content-Type: ${ARCHIVE_TYPES[0]})`));
    }
    const { weight, origin, reason, canary, force } = request.query;
    return sendResult(reply, await releases.publish({ remote: request.params.remote, archive: request.body, caller, weight, origin, reason, canary, force }));
  });

  api.post(`${REGISTRY_API_PATH}/remotes/:remote/overrides`, { schema: { hide: true, ...RegistryOverrideRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    if (caller.team !== 'operator') throw new RegistryAuthError(403, `only an operator issues overrides (this is the ${caller.team} team's token)`);
    const override = await resolveOverride(store, { remote: request.params.remote, ...request.body, now: new Date() });
    const link = new URL(`${OVERRIDE_PATH}?t=${encodeURIComponent(overrides.sign(override))}`, publicOrigin).href;
    return sendResult(reply, { link, until: override.until, version: override.version, entry: override.entry });
  });

  api.post(`${REGISTRY_API_PATH}/remotes/:remote/canary/:action`, { schema: { hide: true, ...RegistryCanaryRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    assertMayChange(caller, request.params.remote);
    return sendResult(reply, await releases.canaryAction({ remote: request.params.remote, action: request.params.action, ...request.body, caller }));
  });

  api.post(`${REGISTRY_API_PATH}/remotes/:remote/rollback`, { schema: { hide: true, ...RegistryRollbackRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    assertMayChange(caller, request.params.remote);
    return sendResult(reply, await releases.rollback({ remote: request.params.remote, ...request.body, caller }));
  });

  api.put(
    `${REGISTRY_API_PATH}/remotes/:remote/variants/:variant/weight`,
    { schema: { hide: true, ...RegistryWeightRoute }, config },
    async (request, reply) => {
      const caller = callerOf(request);
      assertMayChange(caller, request.params.remote);
      return sendResult(reply, await releases.setWeight({ ...request.params, ...request.body, caller }));
    },
  );

  api.delete(`${REGISTRY_API_PATH}/remotes/:remote/variants/:variant`, { schema: { hide: true, ...RegistryWithdrawRoute }, config }, async (request, reply) => {
    const caller = callerOf(request);
    assertMayChange(caller, request.params.remote);
    return sendResult(reply, await releases.withdraw({ ...request.params, caller }));
  });

  api.get(`${REGISTRY_API_PATH}/tokens`, { schema: { hide: true, ...RegistryTokensRoute }, config }, async (request, reply) => {
    assertOperator(callerOf(request));
    return sendResult(reply, await tokens.list());
  });

  api.post(`${REGISTRY_API_PATH}/tokens`, { schema: { hide: true, ...RegistryTokenCreateRoute }, config }, async (request, reply) => {
    assertOperator(callerOf(request));
    const { team, label } = request.body;
    if (team !== 'operator' && !(await remotes.isRemote(team))) return reply.code(404).send(envelope(404, unknownRemote(team)));
    return sendResult(reply, await tokens.create(team, label));
  });

  api.delete(`${REGISTRY_API_PATH}/tokens/:id`, { schema: { hide: true, ...RegistryTokenRevokeRoute }, config }, async (request, reply) => {
    assertOperator(callerOf(request));
    const revoked = await tokens.revoke(request.params.id);
    if (revoked.length === 0) return reply.code(404).send(envelope(404, `no live token or team ${request.params.id}`));
    return sendResult(reply, revoked);
  });
}
