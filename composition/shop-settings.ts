import path from 'node:path';
import { loadConfig, millisecondsSetting, type Config } from '../api/public/config';

/** The repository this shop runs from: where the shell's build is found by default. */
const REPO_ROOT = path.resolve(__dirname, '..');

/** The page server's settings: the shop's, not the API's (docs/configuration.md). */
export interface PageSettings {
  /** The built shell the page server serves, and the release gate reads share-scope.json of (SHELL_DIST). */
  shellDist: string;
  /** Pages rendered on the server (SSR=0: client-rendered, kept to compare against in benchmarks). */
  serverRender: boolean;
  /** How long a region's server render is shared by the requests after it (RENDER_CACHE_MS; 0: never). */
  renderCacheMs: number;
}

/** Everything one instance of the shop is started with: the API's settings and the page server's. */
export type ShopSettings = Config & PageSettings;

export function loadPageSettings(env: NodeJS.ProcessEnv = process.env): PageSettings {
  return {
    shellDist: path.resolve(REPO_ROOT, env.SHELL_DIST || 'shell/dist'),
    serverRender: env.SSR !== '0',
    renderCacheMs: millisecondsSetting('RENDER_CACHE_MS', env.RENDER_CACHE_MS, 5000),
  };
}

/** The settings of one instance, read from the environment; a wrong value throws with the setting's name. */
export function loadShopSettings(env: NodeJS.ProcessEnv = process.env): ShopSettings {
  return { ...loadConfig(env), ...loadPageSettings(env) };
}
