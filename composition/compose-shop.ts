import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/public/app';
import type { Db } from '../api/public/database';
import { installPageServer, pageServerRenderCheck } from '../shell/server/page-server';
import type { ShopSettings } from './shop-settings';

export interface ShopParts {
  settings: ShopSettings;
  db: Db;
  /** Where this instance's API answers on this machine: the page server's renders and the gate's trial renders call it. */
  apiOrigin: string;
  /** Install the page server beside the API (false: an API-only instance of the cluster). */
  pages?: boolean;
  logStream?: NodeJS.WritableStream;
  requestLog?: 'info' | 'debug';
}

export type PageServer = Awaited<ReturnType<typeof installPageServer>>;

export interface ComposedShop<Pages extends PageServer | null = PageServer | null> {
  app: FastifyInstance;
  /** The page server, when installed: `warm()` once the app listens, `close()` before the app. */
  pages: Pages;
}

/**
 * One instance of the shop, built from its parts (docs/architecture.md, "The composition root"):
 * the API with its registry, whose release gate gets the page server's server-render check at
 * construction, then the page server beside it, fed by the registry's live builds and given the
 * API's A/B pins cookie, overrides and render signals as the ports it declares
 * (shell/server/ports.ts). The only place that knows both sides: the API and the page server
 * import nothing of each other.
 */
export async function composeShop(parts: ShopParts & { pages?: true }): Promise<ComposedShop<PageServer>>;
export async function composeShop(parts: ShopParts): Promise<ComposedShop>;
export async function composeShop({ settings, db, apiOrigin, pages: withPages = true, logStream, requestLog }: ShopParts): Promise<ComposedShop> {
  const app = await buildApp({
    config: settings,
    db,
    logStream,
    requestLog,
    shell: {
      dist: settings.shellDist,
      serverRender: withPages ? pageServerRenderCheck({ apiOrigin, publicOrigin: settings.publicOrigin }) : undefined,
    },
  });
  const pages = withPages
    ? await installPageServer(app, {
        shellDist: settings.shellDist,
        registry: app.mfeRegistry.live,
        apiOrigin,
        publicOrigin: settings.publicOrigin,
        serverRender: settings.serverRender,
        renderCacheMs: settings.renderCacheMs,
        experiments: app.experiments.cookie,
        signals: app.signals,
        overrides: app.overrides,
      })
    : null;
  return { app, pages };
}
