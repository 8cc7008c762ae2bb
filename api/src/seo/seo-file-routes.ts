import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEEDS, INDEX_NAME, SITEMAP_PATH } from './seo-file-generator';
import type { SeoFileStore } from './seo-file-store';
import { robotsTxt, type RobotsMode } from './robots-txt';

/**
 * Every instance serves the stored SEO files (docs/seo.md): `/sitemap.xml`, `/sitemaps/*.xml`,
 * `/feeds/google-merchant.xml`, `/feeds/ceneo.xml` — the bytes in the database, the same on
 * every instance, never generated here. Per request: one lookup of the file's row by its name
 * (no bytes), then 304 when the client has this text, else the stored Brotli or gzip bytes as
 * `Accept-Encoding` allows, or the text gunzipped as it is sent — a small file's bytes kept in
 * memory by their version, a big one's streamed from its stored parts a few at a time.
 * ETag: the text's SHA-256, one per encoding (`"…"`, `"…-gzip"`, `"…-br"`); Last-Modified: when
 * the text last changed. Before the first files exist: 503 with Retry-After. And `/robots.txt`,
 * written from the settings (robots-txt.ts).
 */

/** Crawlers and merchant services may keep a file this long before asking again (a 304 is cheap). */
export const FILE_CACHE_CONTROL = 'public, max-age=60';
/** A feed behind a token is no shared cache's. */
export const PRIVATE_FEED_CACHE_CONTROL = 'private, max-age=60';
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';
/** Seconds a client waits before asking again while the first files are written. */
export const FIRST_FILES_RETRY_AFTER = 10;
/** Bytes of files kept in memory per instance, least recently used out first. */
const BYTES_KEPT = 64 * 1024 * 1024;
/** A file's stored bytes up to this size are kept in memory once read; a bigger one is streamed from the database each time. */
const FILE_KEPT_MAX = 4 * 1024 * 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send: the best the client accepts with a q above 0 (Brotli before gzip on a tie), else none. */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)).find(Boolean);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

const etagOf = (sha256: string, encoding: Encoding) => `"${sha256.slice(0, 32)}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** If-None-Match's weak comparison: the same tag, W/ or not, or `*`. */
function matchesTag(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Equal tokens, compared in constant time (their digests: the lengths give nothing away either). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

class BytesCache {
  private readonly entries = new Map<string, Buffer>();
  private used = 0;
  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }
  set(key: string, bytes: Buffer): void {
    if (this.entries.has(key) || bytes.length > BYTES_KEPT) return;
    this.entries.set(key, bytes);
    this.used += bytes.length;
    for (const [oldest, old] of this.entries) {
      if (this.used <= BYTES_KEPT) break;
      this.entries.delete(oldest);
      this.used -= old.length;
    }
  }
}

export interface SeoFileRouteOptions {
  store: SeoFileStore;
  robots: RobotsMode;
  origin: string;
  feedToken: string | undefined;
}

export async function seoFileRoutes(app: FastifyInstance, { store, robots, origin, feedToken }: SeoFileRouteOptions) {
  const cache = new BytesCache();
  const robotsText = robotsTxt(robots, origin);
  const robotsTag = etagOf(createHash('sha256').update(robotsText).digest('hex'), 'identity');

  const plain = (reply: FastifyReply, status: number, text: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${text}\n`);

  const serve = async (request: FastifyRequest, reply: FastifyReply, name: string, cacheControl: string) => {
    const meta = await store.meta(name);
    if (!meta) {
      if ((await store.state()).generatedAt === null) {
        reply.header('retry-after', String(FIRST_FILES_RETRY_AFTER));
        return plain(reply, 503, 'The sitemaps and feeds are being written for the first time: ask again in a few seconds.');
      }
      return plain(reply, 404, `No file ${request.url.split('?')[0]}`);
    }
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    const etag = etagOf(meta.sha256, encoding);
    const changed = new Date(meta.changedAt);
    reply
      .header('content-type', meta.contentType)
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('last-modified', changed.toUTCString())
      .header('vary', 'Accept-Encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    if (
      ifNoneMatch !== undefined
        ? matchesTag(ifNoneMatch, etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(changed.getTime() / 1000) * 1000
    ) {
      return reply.code(304).send();
    }
    const stored = encoding === 'identity' ? 'gzip' : encoding;
    const storedSize = stored === 'gzip' ? meta.gzipSize : meta.brSize;
    let body: Readable;
    if (storedSize <= FILE_KEPT_MAX) {
      const key = `${meta.blob}:${stored}`;
      let bytes = cache.get(key);
      if (!bytes) {
        const parts: Buffer[] = [];
        for await (const part of store.parts(meta.blob, stored)) parts.push(part);
        // Removed since the row was read (replaced long ago): the client asks again and gets the new text.
        if (parts.length === 0) return plain(reply.header('retry-after', '1'), 503, 'The file was just written anew: ask again.');
        bytes = Buffer.concat(parts);
        cache.set(key, bytes);
      }
      body = Readable.from([bytes]);
    } else {
      // A big file (a feed at 100,000 products) is sent as its parts are read, a few MiB at a time.
      body = Readable.from(store.parts(meta.blob, stored));
    }
    if (encoding === 'identity') return reply.header('content-length', String(meta.size)).send(body.pipe(zlib.createGunzip()));
    return reply.header('content-encoding', encoding).header('content-length', String(storedSize)).send(body);
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE_CONTROL).header('etag', robotsTag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && matchesTag(ifNoneMatch, robotsTag)) return reply.code(304).send();
    return reply.send(robotsText);
  });

  app.get(SITEMAP_PATH, { schema: { hide: true } }, (request, reply) => serve(request, reply, INDEX_NAME, FILE_CACHE_CONTROL));

  app.get('/sitemaps/:file', { schema: { hide: true } }, (request, reply) => {
    const { file } = request.params as { file: string };
    if (!/^[a-z]+-[a-z]{2}-\d{1,5}\.xml$/.test(file)) return plain(reply, 404, `No file ${request.url.split('?')[0]}`);
    return serve(request, reply, `sitemaps/${file}`, FILE_CACHE_CONTROL);
  });

  for (const feed of FEEDS) {
    app.get(`/${feed.name}`, { schema: { hide: true } }, (request, reply) => {
      // A feed is a file for a merchant service, not a page: never indexed itself.
      reply.header('x-robots-tag', 'noindex');
      if (feedToken === undefined) return serve(request, reply, feed.name, FILE_CACHE_CONTROL);
      const { token } = request.query as { token?: unknown };
      if (typeof token !== 'string' || token === '') return plain(reply, 404, `No file ${request.url.split('?')[0]}`);
      if (!sameToken(token, feedToken)) return plain(reply, 403, 'This feed needs its token: ?token= as FEED_TOKEN is set.');
      return serve(request, reply, feed.name, PRIVATE_FEED_CACHE_CONTROL);
    });
  }
}
