import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RegistrySnapshot } from './registry-snapshot';

/**
 * `GET /service-worker.js` (docs/offline.md): the worker the shell's build wrote
 * (`dist/service-worker.js`, shared/mfe-build) with its configuration written in front:
 *
 *   self.__KF_SW__ = {"version":…,"precache":[{"url","revision"}…],"remoteBuilds":[…]};
 *
 * - the precache list is the shell's current build (every file in its dist but the compressed
 *   twins, index.html — the page server writes every page — and the worker itself);
 * - `remoteBuilds` are the folders of the builds the registry names now.
 *
 * The browser compares a worker script byte for byte on every page load: a new shell build or a
 * registry naming other builds (a release, a rollback) gives a new script, so a new worker;
 * an A/B weight alone changes nothing here.
 */
export const SERVICE_WORKER_PATH = '/service-worker.js';
const SERVICE_WORKER_FILE = 'service-worker.js';

/** rspack's `[name].[contenthash:8].ext` (shared/mfe-build). */
export const HASHED_NAME = /\.[0-9a-f]{8}\.(?:js|css)$/;

export interface PrecacheEntry {
  url: string;
  /** null: the name is content-hashed, the URL is the revision. */
  revision: string | null;
}

export interface ServiceWorkerConfig {
  version: string;
  precache: PrecacheEntry[];
  remoteBuilds: string[];
}

const LEFT_OUT = /\.(?:br|gz|map)$|\.LICENSE\.txt$|^index\.html$|^service-worker\.js$|(?:^|\/)\./;

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const entries = await fs.promises.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(root, relative);
      return entry.isFile() ? [relative] : [];
    }),
  );
  return nested.flat();
}

/** The shell's build as Workbox precaches it: hashed names as they are, the others with a digest of their bytes. */
export async function precacheManifest(shellDist: string): Promise<PrecacheEntry[]> {
  const files = (await filesUnder(shellDist)).filter((file) => !LEFT_OUT.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      url: `/${file}`,
      revision: HASHED_NAME.test(file)
        ? null
        : createHash('sha256')
            .update(await fs.promises.readFile(path.join(shellDist, file)))
            .digest('hex')
            .slice(0, 16),
    })),
  );
}

/** The folder of a build the registry names (its manifest's), as a URL or, for a build on the shop's origin, a path. */
export function buildFolder(entry: string): string {
  if (entry.startsWith('/')) return new URL('./', `http://shop.invalid${entry}`).pathname;
  return new URL('./', entry).href;
}

/** Every build the registry names now — each remote, each A/B variant — by its folder. */
export function remoteBuildsOf(snapshot: Pick<RegistrySnapshot, 'registry'>): string[] {
  const folders = Object.values(snapshot.registry.remotes).flatMap((entry) => entry?.variants.map((variant) => buildFolder(variant.entry)) ?? []);
  return [...new Set(folders)].sort();
}

/**
 * The worker's own Content-Security-Policy (a worker obeys the policy its script came with, not
 * the page's): it fetches from the shop's origin and the named builds' origins, runs nothing
 * else (no importScripts, no eval), and is no document.
 */
export function serviceWorkerCspDirectives(remoteBuilds: readonly string[]): Record<string, string[]> {
  const origins = [...new Set(remoteBuilds.filter((folder) => /^https?:\/\//i.test(folder)).map((folder) => new URL(folder).origin))].sort();
  return {
    'default-src': ["'none'"],
    'connect-src': ["'self'", ...origins],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
}

export interface ServiceWorkerScript {
  config: ServiceWorkerConfig;
  text: string;
  /** Made once per script: the browser asks for it on every page load. */
  gzip: Buffer;
  brotli: Buffer;
}

const CHECK_EVERY_MS = 1000;

/**
 * The script for the shell's current build and the registry's builds, or null when the build has
 * no worker. The dist is looked at (two stats) at most once a second: `npm run dev` rebuilds the
 * shell in place.
 */
export function serviceWorkerScriptFrom(
  shellDist: string,
  now: () => number = Date.now,
): (remoteBuilds: readonly string[]) => Promise<ServiceWorkerScript | null> {
  let build: { identity: string; checkedAt: number; worker: string | null; precache: PrecacheEntry[] } | null = null;
  let made: { key: string; script: ServiceWorkerScript } | null = null;
  const identityOf = async () =>
    (
      await Promise.all(
        [SERVICE_WORKER_FILE, 'index.html'].map((file) =>
          fs.promises.stat(path.join(shellDist, file)).then(
            (stat) => `${stat.ino}:${stat.size}:${stat.mtimeMs}`,
            () => 'missing',
          ),
        ),
      )
    ).join('|');

  const currentBuild = async () => {
    if (build && now() - build.checkedAt < CHECK_EVERY_MS) return build;
    const identity = await identityOf();
    if (build?.identity === identity) {
      build.checkedAt = now();
      return build;
    }
    const worker = await fs.promises.readFile(path.join(shellDist, SERVICE_WORKER_FILE), 'utf8').catch(() => null);
    build = { identity, checkedAt: now(), worker, precache: worker === null ? [] : await precacheManifest(shellDist) };
    return build;
  };

  return async (remoteBuilds) => {
    const { worker, precache, identity } = await currentBuild();
    if (worker === null) return null;
    const key = `${identity}\n${remoteBuilds.join('\n')}`;
    if (made?.key === key) return made.script;
    const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
    const config: ServiceWorkerConfig = { version, precache, remoteBuilds: [...remoteBuilds] };
    const text = `self.__KF_SW__=${JSON.stringify(config)};\n${worker}`;
    const raw = Buffer.from(text);
    const script = {
      config,
      text,
      gzip: zlib.gzipSync(raw, { level: 9 }),
      brotli: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    };
    made = { key, script };
    return script;
  };
}

/**
 * Cache-Control for a file of the shell's dist (spec §9: "expire headers 30d default, 24h JSON,
 * 7d png"). Content-hashed scripts and styles: a year, immutable (a name is one content — longer
 * than the default, and safe). Other files keep their name across builds: JSON 24 h, PNG 7 days,
 * other pictures and fonts the 30-day default; an unhashed script, stylesheet or page an hour
 * (code under a fixed name must reach the next build soon). The worker and the registry are
 * answered elsewhere with no-cache.
 */
export function staticCacheControl(pathname: string): string {
  if (HASHED_NAME.test(pathname)) return 'public, max-age=31536000, immutable';
  if (/\.json$/i.test(pathname)) return 'public, max-age=86400';
  if (/\.png$/i.test(pathname)) return 'public, max-age=604800';
  if (/\.(?:svg|ico|jpe?g|gif|webp|avif|woff2?|ttf|otf)$/i.test(pathname)) return 'public, max-age=2592000';
  return 'public, max-age=3600';
}
