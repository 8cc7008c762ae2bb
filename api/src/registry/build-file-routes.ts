import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_NAME } from '@kaloryfer/api-contract';
import { envelope } from '../http/envelope';
import { safeBuildPath } from './build-archive';
import type { BuildFileCache } from './build-file-cache';
import { BUILD_FILES_PATH, URL_BUILD_ID_LENGTH } from './live-registry';

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

/**
 * Every instance serves the builds the registry stores (docs/releasing.md, "Where the files
 * live"): `GET /mfe/<remote>/<build id>/<path>`, from the database through a memory cache — no
 * shared filesystem, no single process serving every remote's code. The URL names the build by
 * its content hash, so every file is immutable (cached for a year, ETag of its bytes) and a
 * rollback serves exactly the bytes it served before. Scripts and styles go out brotli- or
 * gzip-compressed from their stored twins. Only the bytes a build was published with go out
 * (build-file-cache.ts, docs/releasing.md, "Files served are the files published"): a file whose
 * stored bytes no longer match its hash is answered 503, never sent.
 */
export async function buildFileRoutes(app: FastifyInstance, { files }: { files: BuildFileCache }) {
  const notFound = (reply: FastifyReply, what: string) =>
    reply.code(404).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(envelope(404, what));
  const notServed = (reply: FastifyReply, what: string) =>
    reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(envelope(503, `${what} does not match the hash it was published with: not served (the registry's log says more)`));

  app.get(`${BUILD_FILES_PATH}/:remote/:build/*`, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const { remote, build: id, '*': rest } = request.params as { remote: string; build: string; '*': string };
    const path = safeBuildPath(rest);
    if (!new RegExp(REMOTE_NAME).test(remote) || !new RegExp(`^[0-9a-f]{${URL_BUILD_ID_LENGTH}}$`).test(id) || !path) {
      return notFound(reply, 'No such build file');
    }
    const found = await files.build(remote, id);
    if (found === 'mismatch') return notServed(reply, `The file list of ${remote} build ${id}`);
    const file = found?.files.get(path);
    if (!found || !file) return notFound(reply, `No file ${path} in ${remote} build ${id}`);
    const etag = `"${file.hash.slice(0, 32)}"`;
    const served = () =>
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
    // The browser's copy is the one published under this hash (the file list was checked): nothing is sent.
    if (known.includes(etag) || known.includes('*')) return served().code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = file.br && /\bbr\b/.test(accepted) ? 'br' : file.gz && /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const bytes = await files.bytes(found, file, encoding);
    if (bytes === 'mismatch') return notServed(reply, `${path} of ${remote} build ${id}`);
    if (!bytes) return notFound(reply, `The bytes of ${path} are missing from the registry`);
    if (encoding) reply.header('content-encoding', encoding);
    return served().send(bytes);
  });
}
