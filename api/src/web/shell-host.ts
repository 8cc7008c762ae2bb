import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchRoute } from '@kaloryfer/contracts/src/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog';
import type { Reviews } from '../reviews/reviews';
import { resolvePath } from '../catalog/url-resolver';
import { envelope } from '../http/envelope';
import { registryHints } from './registry-hints';
import { seoHeadFor, withSeoHead } from './seo-head';

const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/** Routes whose page is a catalogue entry: the server names it in the head, or answers 404. */
const CATALOGUE_PAGES = new Set(['product', 'configurable-product', 'category', 'url-dispatcher']);

export interface ShellHostOptions {
  shellDist: string;
  varDir: string;
  catalog: Catalog;
  /** For the product's aggregateRating in JSON-LD. */
  reviews: Reviews;
  /** The shop's public origin for canonical links, e.g. https://kaloryfer.pl. */
  publicOrigin: string;
}

/**
 * A file's text turned into what a page needs, redone only when the file changes (an async
 * stat per call; the file is read and transformed once per change). The version is inode,
 * size and mtime: the release script replaces the registry by renaming a new file over it, so
 * even two releases within one clock tick are told apart. A missing file reads as ''.
 */
function fileDerived<T>(file: string, derive: (text: string) => T): () => Promise<T> {
  let cached: { version: string; value: T } | null = null;
  return async () => {
    const version = await fs.promises.stat(file).then((stat) => `${stat.ino}:${stat.size}:${stat.mtimeMs}`, () => 'missing');
    if (cached?.version !== version) {
      const text = version === 'missing' ? '' : await fs.promises.readFile(file, 'utf8').catch(() => '');
      cached = { version, value: derive(text) };
    }
    return cached.value;
  };
}

/**
 * The shell lives on the API's origin: its hashed assets cached for a year, index.html and
 * the remote registry never cached (a release must reach the next page load), and every
 * route of the single-page app answered with index.html. Product and category pages get their
 * own title, description, canonical link and JSON-LD in that HTML (SEO without JavaScript);
 * a path that is no product, category or route of ours is answered 404 (the shell then shows
 * page-not-found), so search engines never index a soft 404.
 */
export async function installShellHost(app: FastifyInstance, { shellDist, varDir, catalog, reviews, publicOrigin }: ShellHostOptions) {
  const registryFile = path.join(varDir, 'mfe-registry.json');
  const registryText = fileDerived(registryFile, (text) => text);

  app.get('/mfe-registry.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    const body = await registryText();
    if (!body) return reply.code(503).send(envelope(503, 'The remote registry has not been published yet (npm start publishes it).'));
    return reply.type('application/json').send(body);
  });

  const hasShell = fs.existsSync(path.join(shellDist, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset; a browser that accepts them gets those.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const shellHtml = fileDerived(path.join(shellDist, 'index.html'), (html) => html);
  // Every page carries the current registry and the hints to fetch remotes early (a release
  // rewrites the registry file, so the next page has it).
  const hints = fileDerived(registryFile, registryHints);
  const indexHtml = async () => {
    const [html, head] = await Promise.all([shellHtml(), hints()]);
    return head ? html.replace('</head>', `    ${head}\n  </head>`) : html;
  };
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const pathname = request.url.split(/[?#]/)[0];
    if (!CATALOGUE_PAGES.has(matchRoute(pathname).name)) return reply.send(await indexHtml());
    await catalog.ensureCurrent();
    const resolved = resolvePath(catalog, pathname);
    if (!resolved) return reply.code(404).send(await indexHtml());
    const rating = resolved.type === 'product' ? await reviews.summary(resolved.product.id) : undefined;
    const head = seoHeadFor(resolved, { origin: publicOrigin, categories: catalog.categories, attributes: catalog.attributes }, rating);
    return reply.send(withSeoHead(await indexHtml(), head));
  };
  if (hasShell) app.get('/', { schema: { hide: true } }, sendShell);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasShell) return sendShell(request, reply);
    return reply.code(404).send(envelope(404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}
