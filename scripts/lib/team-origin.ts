import fs from 'node:fs';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

/** Files whose names do not change between releases of the same folder: always revalidate. */
const UNHASHED = new Set(['mf-manifest.json', 'remoteEntry.js', 'build-info.json', 'mf-stats.json']);

/**
 * A team's own origin: a small static file server standing in for the CDN a remote team may
 * serve its builds from instead of the shop (docs/releasing.md, "A team's own origin"; the
 * registry's gate fetches and hashes every file there first). It serves a folder, allows
 * cross-origin reads (the page fetches the entry with CORS, its integrity checked) and sends
 * compressed files (brotli or gzip). Every file
 * carries an ETag of its content, so a revalidation (`remoteEntry.js` is `no-cache`: asked on
 * every page load, by the browser or the service worker) costs a 304 of headers when nothing
 * was released, and the new file the moment something was (docs/offline.md, "Repeat visits").
 */
export function startTeamOrigin(root: string, host: string, port: number): Promise<http.Server> {
  const cache = new Map<string, { mtime: number; raw: Buffer; gzip: Buffer | null; brotli: Buffer | null; etag: string }>();
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    // A script or stylesheet is run only when served as one (docs/security.md).
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Vary', 'Accept-Encoding');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '86400' });
      response.end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://origin').pathname);
    } catch {
      response.writeHead(400).end('Bad request');
      return;
    }
    const file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root + path.sep)) {
      response.writeHead(403).end('Forbidden');
      return;
    }
    fs.promises
      .stat(file)
      .then(async (stat) => {
        if (!stat.isFile()) throw new Error('not a file');
        // Published files change only when a folder is re-published: read and gzip once per mtime.
        let cached = cache.get(file);
        if (!cached || cached.mtime !== stat.mtimeMs) {
          const raw = await fs.promises.readFile(file);
          // The build precompresses scripts and styles (file.br, file.gz); other files are gzipped here.
          const [brotli, gzip] = await Promise.all(['.br', '.gz'].map((suffix) => fs.promises.readFile(file + suffix).catch(() => null)));
          // Weak: the same content under another encoding is the same file to the shop.
          const etag = `W/"${crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22)}"`;
          cached = { mtime: stat.mtimeMs, raw, brotli, gzip: gzip ?? (raw.length > 1024 ? zlib.gzipSync(raw, { level: 6 }) : null), etag };
          cache.set(file, cached);
        }
        const name = path.basename(file);
        response.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        response.setHeader('Cache-Control', UNHASHED.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable');
        response.setHeader('ETag', cached.etag);
        const known = String(request.headers['if-none-match'] ?? '')
          .split(',')
          .map((tag) => tag.trim().replace(/^W\//, ''));
        if (known.includes(cached.etag.replace(/^W\//, '')) || known.includes('*')) {
          response.writeHead(304).end();
          return;
        }
        const accepted = String(request.headers['accept-encoding'] ?? '');
        const encoding = cached.brotli && /\bbr\b/.test(accepted) ? 'br' : cached.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : null;
        const body = encoding === 'br' ? cached.brotli! : encoding === 'gzip' ? cached.gzip! : cached.raw;
        response.writeHead(200, encoding ? { 'Content-Encoding': encoding, 'Content-Length': body.length } : { 'Content-Length': body.length });
        response.end(request.method === 'HEAD' ? undefined : body);
      })
      .catch(() => {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
