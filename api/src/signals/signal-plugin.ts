import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import type { ShopMetrics } from '../metrics/metrics';
import { RegistryStore } from '../registry/registry-store';
import { BeaconLedger } from './beacon-ledger';
import { PageViewTokens } from './page-view-token';
import { signalRoutes } from './signal-routes';
import { Signals } from './signals';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signals per remote build: the page server's renders, the browsers' beacons (api/src/signals). */
    signals: Signals;
  }
}

/**
 * Signals per remote build (docs/releasing.md, "Signals"): `app.signals`, written to the
 * database every few seconds while the server runs and read by the registry's canaries, with
 * the page-view tokens the page server mints (`app.signals.tokens`), and the browsers' beacon
 * (`POST /api/signals`), counted through this instance's ledger.
 */
export const signalPlugin = unencapsulated<{ db: Db; metrics: ShopMetrics; tokenSecret: Buffer; viewsPerVisitor?: number; beaconsPerMinute?: number }>(
  async function signalPlugin(app, { db, metrics, tokenSecret, viewsPerVisitor, beaconsPerMinute }) {
    // Real time, even under a test's fixed clock: the registry's canaries step by it.
    const signals = new Signals(db, () => new Date(), { listener: metrics, tokens: new PageViewTokens(tokenSecret) });
    app.decorate('signals', signals);
    app.addHook('onReady', async () => signals.start());
    app.addHook('onClose', async () => signals.stop());
    // A beacon may only name builds the registry published: read from the registry's tables.
    await app.register(signalRoutes, { signals, store: new RegistryStore(db), ledger: new BeaconLedger(() => new Date(), viewsPerVisitor), beaconsPerMinute });
  },
);
