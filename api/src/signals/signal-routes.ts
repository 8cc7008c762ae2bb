import { SignalBeaconRoute } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import type { BeaconLedger } from './beacon-ledger';
import { shortBuildId } from './page-view-token';
import type { BuildRef, Signals } from './signals';
import { BEACONS_PER_MINUTE } from '../config';

/** "≤ 1 KB sent per page view" (issue #34): a beacon is far smaller; anything bigger is not one. */
export const BEACON_BODY_LIMIT = 1024;
const KNOWN_BUILDS_KEPT = 500;
/** The beacon's span (docs/operations.md, "Traces"): a no-op unless the instance traces. */
const tracer = trace.getTracer('kaloryfer.signals');

/** A build the registry published, by its hash (its remote and version), or null: the registry's store answers it (app.ts). */
export type PublishedBuild = (hash: string) => Promise<{ remote: string; version: string } | null>;

/**
 * The beacon's body exactly as its schema says: a string "true" where a boolean is asked is
 * refused, never turned into one (the API's usual validator coerces query-like values).
 */
const beaconCheck = TypeCompiler.Compile(SignalBeaconRoute.body);
const exactBeacon = () => (body: unknown) => {
  if (beaconCheck.Check(body)) return { value: body };
  const first = beaconCheck.Errors(body).First();
  return { error: new Error(`body${first?.path ?? ''}: ${first?.message ?? 'not a beacon'}`) };
};

/**
 * `POST /api/signals` (docs/releasing.md, "Signals"): a page's last word — per build it ran, its
 * mount failures, fallbacks and uncaught errors, and the page's web vitals for the build of its
 * route region. Every build must be one the registry published (its version is read from the
 * registry, never from the beacon). What counts toward a build's figures — and a canary's fate —
 * is only what a page the page server served says: its page-view token must name the build; each
 * page and build counts once, each visitor a few times (beacon-ledger.ts). A beacon without a
 * token reaches /metrics with its vitals and nothing else. Nothing about the shopper is read or
 * kept: no cookie, no address (the rate limit's and the ledger's keys live in memory), no id.
 */
export async function signalRoutes(
  app: FastifyInstance,
  {
    signals,
    publishedBuild,
    ledger,
    beaconsPerMinute = BEACONS_PER_MINUTE,
  }: { signals: Signals; publishedBuild: PublishedBuild; ledger: BeaconLedger; beaconsPerMinute?: number },
) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const known = new Map<string, BuildRef | null>();
  const buildOf = async (remote: string, hash: string): Promise<BuildRef | null> => {
    const key = `${remote} ${hash}`;
    if (!known.has(key)) {
      const stored = await publishedBuild(hash);
      if (known.size >= KNOWN_BUILDS_KEPT) known.delete(known.keys().next().value!);
      known.set(key, stored && stored.remote === remote ? { remote, build: hash, version: stored.version } : null);
    }
    return known.get(key)!;
  };
  const window = { minute: 0, counts: new Map<string, number>() };
  const overLimit = (address: string) => {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== window.minute) {
      window.minute = minute;
      window.counts.clear();
    }
    const count = (window.counts.get(address) ?? 0) + 1;
    window.counts.set(address, count);
    return count > beaconsPerMinute;
  };

  routes.post('/api/signals', { schema: SignalBeaconRoute, bodyLimit: BEACON_BODY_LIMIT, validatorCompiler: exactBeacon }, async (request, reply) => {
    if (overLimit(request.ip)) throw new ApiError(429, 'Too many signals from this address: try again in a minute');
    const beacon = request.body;
    // The page this beacon ends (its traceparent, when the shop traced its request): a span of the
    // beacon's trace linked to the page's, so one leads to the other. Minutes may pass between
    // the two: a link, not a child (extract answers nothing while tracing is off).
    const page = beacon.traceparent ? trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent: beacon.traceparent })) : undefined;
    if (page) tracer.startSpan('page beacon', { links: [{ context: page }], attributes: { 'kf.beacon.builds': beacon.builds.length } }).end();
    if (beacon.builds.filter((entry) => entry.route).length > 1) throw new ApiError(400, 'builds: one route region per page');
    if (beacon.builds.some((entry) => entry.route && !entry.pageView)) throw new ApiError(400, "builds: the route region's build is a page view");
    if (beacon.vitals && !beacon.builds.some((entry) => entry.route))
      throw new ApiError(400, "vitals: they belong to the route region's build, and no build is");
    if (new Set(beacon.builds.map((entry) => entry.build)).size !== beacon.builds.length) throw new ApiError(400, 'builds: one entry per build');
    const refs = await Promise.all(beacon.builds.map((entry) => buildOf(entry.remote, entry.build)));
    const unknown = beacon.builds.find((_entry, index) => refs[index] === null);
    if (unknown) throw new ApiError(400, `builds: ${unknown.remote} ${unknown.build.slice(0, 16)} is not a build the registry published`);
    const token = signals.tokens.read(beacon.token);
    beacon.builds.forEach((entry, index) => {
      const ref = refs[index]!;
      const vitals = entry.route
        ? {
            ...(beacon.vitals?.lcp !== undefined ? { lcpMs: beacon.vitals.lcp } : {}),
            ...(beacon.vitals?.inp !== undefined ? { inpMs: beacon.vitals.inp } : {}),
            ...(beacon.vitals?.cls !== undefined ? { cls: beacon.vitals.cls } : {}),
          }
        : {};
      // Not a page this shop served with this build: its vitals are told, nothing is counted.
      if (!token || !token.builds.has(shortBuildId(entry.build))) return signals.vitalsOnly(ref, vitals);
      const mountFailures = entry.mountFailures ?? 0;
      const errors = entry.errors ?? 0;
      const fallbacks = entry.fallbacks ?? 0;
      const verdict = ledger.admit({
        nonce: token.nonce,
        expiresAt: token.expiresAt,
        build: entry.build,
        address: request.ip,
        pageView: entry.pageView === true,
        failed: mountFailures + errors > 0,
        fellBack: fallbacks > 0,
      });
      if (!verdict.counts) return signals.vitalsOnly(ref, vitals);
      signals.browser(ref, {
        pageView: verdict.pageView,
        mountFailures,
        fallbacks,
        errors,
        failingView: verdict.failingView,
        fallbackView: verdict.fallbackView,
        newVisitor: verdict.newVisitor,
        newFailingVisitor: verdict.newFailingVisitor,
        ...vitals,
      });
    });
    return reply.code(204).send(null);
  });
}
