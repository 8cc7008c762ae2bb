import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAME } from '@kaloryfer/api-contract';
import { envelope } from '../http/envelope';
import { safeBuildPath } from './build-archive';
import type { BuildFile } from './build-files';
import { BUILD_FILES_PATH, URL_BUILD_ID_LENGTH } from './live-registry';
import type { RegistryStore, StoredBuild } from './registry-store';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Builds kept in memory (their file lists); blobs kept up to this many bytes, least recently used first out. */
const BUILDS_KEPT = 64;
const BLOB_BYTES_KEPT = 96 * 1024 * 1024;

/** A map that forgets its least recently used entries beyond a budget. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  private used = 0;
  constructor(
    private readonly budget: number,
    private readonly cost: (value: V) => number = () => 1,
  ) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  set(key: string, value: V): void {
    if (this.map.has(key)) return;
    this.map.set(key, value);
    this.used += this.cost(value);
    for (const [oldest, old] of this.map) {
      if (this.used <= this.budget || this.map.size === 1) break;
      this.map.delete(oldest);
      this.used -= this.cost(old);
    }
  }
}

/**
 * Every instance serves the builds the registry stores (docs/releasing.md, "Where the files
 * live"): `GET /mfe/<remote>/<build id>/<path>`, from the database through a memory cache — no
 * shared filesystem, no single process serving every remote's code. The URL names the build by
 * its content hash, so every file is immutable (cached for a year, ETag of its bytes) and a
 * rollback serves exactly the bytes it served before. Scripts and styles go out brotli- or
 * gzip-compressed from their stored twins.
 */
export async function buildFileRoutes(app: FastifyInstance, { store }: { store: RegistryStore }) {
  const builds = new Lru<{ build: StoredBuild; files: Map<string, BuildFile> } | null>(BUILDS_KEPT);
  const blobs = new Lru<Buffer>(BLOB_BYTES_KEPT, (bytes) => bytes.length);
  const buildOf = async (remote: string, id: string) => {
    const key = `${remote}/${id}`;
    let found = builds.get(key);
    if (found === undefined) {
      const build = await store.buildByPrefix(remote, id);
      found = build ? { build, files: new Map(build.files.map((file) => [file.path, file])) } : null;
      // An unknown id may be published a moment later: only known builds are remembered.
      if (found) builds.set(key, found);
    }
    return found;
  };
  const blobOf = async (hash: string) => {
    let bytes = blobs.get(hash);
    if (!bytes) {
      bytes = (await store.blob(hash)) ?? undefined;
      if (bytes) blobs.set(hash, bytes);
    }
    return bytes ?? null;
  };
  const notFound = (reply: FastifyReply, what: string) =>
    reply.code(404).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(envelope(404, what));

  app.get(`${BUILD_FILES_PATH}/:remote/:build/*`, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const { remote, build: id, '*': rest } = request.params as { remote: string; build: string; '*': string };
    const path = safeBuildPath(rest);
    if (!new RegExp(REMOTE_NAME).test(remote) || !new RegExp(`^[0-9a-f]{${URL_BUILD_ID_LENGTH}}$`).test(id) || !path) {
      return notFound(reply, 'No such build file');
    }
    const found = await buildOf(remote, id);
    const file = found?.files.get(path);
    if (!found || !file) return notFound(reply, `No file ${path} in ${remote} build ${id}`);
    const etag = `"${file.hash.slice(0, 32)}"`;
    reply
      .header('content-type', TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('vary', 'Accept-Encoding')
      // Another origin's page (a team's preview) may load it; the shop's own pages are same-origin.
      .header('access-control-allow-origin', '*');
    const known = String(request.headers['if-none-match'] ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''));
    if (known.includes(etag) || known.includes('*')) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = file.br && /\bbr\b/.test(accepted) ? 'br' : file.gz && /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const bytes = await blobOf(encoding === 'br' ? file.br! : encoding === 'gzip' ? file.gz! : file.hash);
    if (!bytes) return notFound(reply, `The bytes of ${path} are missing from the registry`);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  });
}
