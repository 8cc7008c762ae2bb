import type { Db } from '../db/database';
import { unencapsulated } from '../http/unencapsulated';
import { experimentRoutes } from './experiment-routes';
import { ExperimentCookie } from './experiment-cookie';
import { Experiments } from './experiments';

declare module 'fastify' {
  interface FastifyInstance {
    /** A/B experiments: the pins cookie the page server signs, and the exposures and orders counted. */
    experiments: { cookie: ExperimentCookie; store: Experiments };
  }
}

/**
 * A/B experiments (docs/experiments.md): `app.experiments` — the page server signs each page's
 * pins (kf_ab), orders and exposures are counted by them — and the exposure beacon.
 */
export const experimentsPlugin = unencapsulated<{
  db: Db;
  clock: () => Date;
  tokenSecret: Buffer;
  /** Whether a name is one of the shop's remotes (the registry's: asked at request time). */
  isRemote: (name: string) => Promise<boolean>;
}>(async function experimentsPlugin(app, { db, clock, tokenSecret, isRemote }) {
  const cookie = new ExperimentCookie(tokenSecret);
  const store = new Experiments(db, clock);
  app.decorate('experiments', { cookie, store });
  await app.register(experimentRoutes, { experiments: store, cookie, isRemote });
});
