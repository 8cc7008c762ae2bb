/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { RegionRequest } from '@kaloryfer/contracts';
import { MemoryRegistryFeed, RegistrySource } from './registry-snapshot';
import { RendererPool } from './renderers';
import { WorkerRenderer } from './render-worker/worker-renderer';

/**
 * Releases reach the server without a restart: real render threads load each build's server
 * code from a real HTTP origin; a registry switch renders with the new build on the next
 * request, a rollback with the old one, and no build sees another's module state.
 */
const request: RegionRequest = {
  module: './app',
  path: '/porady',
  search: '',
  language: 'pl-PL',
  cookies: {},
  apiOrigin: 'http://127.0.0.1:1',
  publicOrigin: 'http://shop.test',
};

beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}); // warm-up failures are logged

let root: string;
let origin: string;
let server: http.Server;
let pool: RendererPool;
let source: RegistrySource;
const feed = new MemoryRegistryFeed();

/** A build's server code: says its version and how many renders this copy of it has done. */
function publish(version: string, code?: string) {
  const dir = path.join(root, 'content', version);
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] }));
  fs.writeFileSync(
    path.join(dir, 'server', 'render.js'),
    code ??
      `
    let renders = 0;
    exports.render = async (request) => ({ html: '<p>${version} render ' + (++renders) + ' ' + request.path + '</p>', status: 200, data: {}, interactive: true });
  `,
  );
}

function entryOf(version: string, extra: object = {}) {
  return {
    name: 'content',
    entry: `${origin}/content/${version}/mf-manifest.json`,
    ssr: `${origin}/content/${version}/server/render.js`,
    version,
    contracts: '1.0.0',
    ...extra,
  };
}

/** What a release does to the live registry: the next request reads the new entry. */
function switchTo(version: string, extra: object = {}) {
  feed.set({ remotes: { content: entryOf(version, extra) } });
}

let asked = 0;
/** One region render; each asks for another address, so no answer comes from the cache. */
async function render() {
  const snapshot = await source.snapshot();
  asked += 1;
  return pool.render(snapshot.build('content', 'default')!, { ...request, search: `?n=${asked}` }, 5000);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-cdn-'));
  server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    fs.readFile(file, (error, body) => (error ? res.writeHead(404).end() : res.end(body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  pool = new RendererPool(
    (variant) => new WorkerRenderer({ url: variant.ssr!, integrity: variant.ssrIntegrity }, 64),
    () => [request],
  );
  const fetchJson = async (url: string) => (await fetch(url)).json();
  source = new RegistrySource(feed, fetchJson, origin, (snapshot) => pool.prepare(snapshot));
  publish('1.0.0');
  publish('1.1.0');
  publish('1.2.0', 'exports.render = async () => { throw new Error("a bug in 1.2.0"); };');
});

afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

test('a release renders with the new build on the next request, a rollback with the old one; each build has its own module state', async () => {
  switchTo('1.0.0');
  expect((await render()).html).toBe('<p>1.0.0 render 2 /porady</p>'); // render 1 was the warm-up
  expect((await render()).html).toBe('<p>1.0.0 render 3 /porady</p>');
  switchTo('1.1.0');
  expect((await render()).html).toBe('<p>1.1.0 render 2 /porady</p>');
  switchTo('1.0.0');
  expect((await render()).html).toMatch(/^<p>1\.0\.0 render \d+ \/porady<\/p>$/);
}, 30_000);

test('a build whose server code throws fails its region only; the next release renders again', async () => {
  switchTo('1.2.0');
  await expect(render()).rejects.toThrow('a bug in 1.2.0');
  switchTo('1.1.0');
  expect((await render()).html).toMatch(/^<p>1\.1\.0 render \d+/);
}, 30_000);

test('a build whose server code cannot be fetched fails with the reason', async () => {
  switchTo('9.9.9');
  await expect(render()).rejects.toThrow(/9\.9\.9\/server\/render\.js: HTTP 404/);
}, 30_000);

test('server code whose bytes are not the ones published (its integrity) is refused, never run', async () => {
  const published = fs.readFileSync(path.join(root, 'content', '1.1.0', 'server', 'render.js'));
  const integrity = `sha256-${createHash('sha256').update(published).digest('base64')}`;
  switchTo('1.1.0', { ssrIntegrity: integrity, build: 'a'.repeat(64) });
  expect((await render()).html).toMatch(/^<p>1\.1\.0 render \d+/);
  // Someone changes the file on the origin after publishing: a new build key (another release) must not run it.
  fs.appendFileSync(
    path.join(root, 'content', '1.1.0', 'server', 'render.js'),
    '\nexports.render = async () => ({ html: "<p>changed</p>", status: 200, data: {}, interactive: true });',
  );
  switchTo('1.1.0', { ssrIntegrity: integrity, build: 'b'.repeat(64) });
  await expect(render()).rejects.toThrow(/its bytes are not the ones published/);
}, 30_000);
