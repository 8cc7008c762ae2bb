import { SignalBeaconRoute } from '@kaloryfer/api-contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import type { RegistryStore } from '../registry/registry-store';
import type { BuildRef, Signals } from './signals';

/** "≤ 1 KB sent per page view" (issue #34): a beacon is far smaller; anything bigger is not one. */
export const BEACON_BODY_LIMIT = 1024;
/** Beacons one address may send per minute; more are refused (429) and not counted. Kept in memory only. */
export const BEACONS_PER_MINUTE = 120;
const KNOWN_BUILDS_KEPT = 500;

/**
 * `POST /api/signals` (docs/releasing.md, "Signals"): a page's last word — per build it ran, its
 * mount failures, fallbacks and uncaught errors, and the page's web vitals for the build of its
 * route region. Every build must be one the registry published (its version is read from the
 * registry, never from the beacon). Nothing about the shopper is read or kept: no cookie, no
 * address (the rate limit's counts live in memory for a minute), no id.
 */
export async function signalRoutes(app: FastifyInstance, { signals, store }: { signals: Signals; store: RegistryStore }) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const known = new Map<string, BuildRef | null>();
  const buildOf = async (remote: string, hash: string): Promise<BuildRef | null> => {
    const key = `${remote} ${hash}`;
    if (!known.has(key)) {
      const stored = await store.build(hash);
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
    return count > BEACONS_PER_MINUTE;
  };

  routes.post('/api/signals', { schema: SignalBeaconRoute, bodyLimit: BEACON_BODY_LIMIT }, async (request, reply) => {
    if (overLimit(request.ip)) throw new ApiError(429, 'Too many signals from this address: try again in a minute');
    const beacon = request.body;
    if (beacon.builds.filter((entry) => entry.route).length > 1) throw new ApiError(400, 'builds: one route region per page');
    if (beacon.builds.some((entry) => entry.route && !entry.pageView)) throw new ApiError(400, "builds: the route region's build is a page view");
    if (beacon.vitals && !beacon.builds.some((entry) => entry.route))
      throw new ApiError(400, "vitals: they belong to the route region's build, and no build is");
    if (new Set(beacon.builds.map((entry) => entry.build)).size !== beacon.builds.length) throw new ApiError(400, 'builds: one entry per build');
    const refs = await Promise.all(beacon.builds.map((entry) => buildOf(entry.remote, entry.build)));
    const unknown = beacon.builds.find((_entry, index) => refs[index] === null);
    if (unknown) throw new ApiError(400, `builds: ${unknown.remote} ${unknown.build.slice(0, 16)} is not a build the registry published`);
    beacon.builds.forEach((entry, index) => {
      const page = entry.route === true;
      signals.browser(refs[index]!, {
        pageView: entry.pageView === true,
        mountFailures: entry.mountFailures ?? 0,
        fallbacks: entry.fallbacks ?? 0,
        errors: entry.errors ?? 0,
        ...(page && beacon.vitals?.lcp !== undefined ? { lcpMs: beacon.vitals.lcp } : {}),
        ...(page && beacon.vitals?.inp !== undefined ? { inpMs: beacon.vitals.inp } : {}),
        ...(page && beacon.vitals?.cls !== undefined ? { cls: beacon.vitals.cls } : {}),
      });
    });
    return reply.code(204).send(null);
  });
}
