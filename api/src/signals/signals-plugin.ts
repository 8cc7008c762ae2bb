import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import { BeaconLedger } from './beacon-ledger';
import { PageViewTokens } from './page-view-token';
import { signalRoutes, type PublishedBuild } from './signal-routes';
import { Signals, type SignalListener } from './signals';

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
interface SignalOptions {
  db: Db;
  /** Told of every render and beacon counted (the shop's metrics, handed in by app.ts). */
  listener: SignalListener;
  /** A published build by its hash: a beacon may only name builds the registry published (app.ts hands the registry's store). */
  publishedBuild: PublishedBuild;
  tokenSecret: Buffer;
  viewsPerVisitor?: number;
  beaconsPerMinute?: number;
}

export const signalsPlugin = unencapsulated<SignalOptions>(async function signalsPlugin(
  app,
  { db, listener, publishedBuild, tokenSecret, viewsPerVisitor, beaconsPerMinute },
) {
  // Real time, even under a test's fixed clock: the registry's canaries step by it.
  const signals = new Signals(db, () => new Date(), { listener, tokens: new PageViewTokens(tokenSecret) });
  app.decorate('signals', signals);
  app.addHook('onReady', async () => signals.start());
  app.addHook('onClose', async () => signals.stop());
  await app.register(signalRoutes, { signals, publishedBuild, ledger: new BeaconLedger(() => new Date(), viewsPerVisitor), beaconsPerMinute });
});
