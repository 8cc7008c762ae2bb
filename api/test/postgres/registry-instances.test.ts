import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { installPageServer, pageServerRenderCheck } from '../../../shell/server/page-server';
import { freePort } from '../../../scripts/lib/postgres-server';
import { fixtureArchive, type FixtureBuildOptions } from '../../src/registry/testing/fixture-build';
import { eventually, startTestServer, type TestServer } from '../../harness/test-server';

/**
 * The registry on two instances of one PostgreSQL database (issue #32): no shared file, no
 * restart — a release through one instance is what the other renders on its next requests
 * (NOTIFY kf_registry at commit), a rollback through the other likewise, and each serves every
 * build's files from the database. (PostgreSQL only: SQLite is one process's file.)
 */
const SEEN_WITHIN_MS = 20_000;
let a: TestServer;
let b: TestServer;
let shellDist: string;
let token: string;
const closers: (() => Promise<void>)[] = [];

/** The shell beside a test instance, as composition/compose-shop.ts puts them together: the gate renders with its page server, */
const shellOn = (port: number) => ({
  dist: shellDist,
  serverRender: pageServerRenderCheck({ apiOrigin: `http://127.0.0.1:${port}`, publicOrigin: 'https://sklep.kaloryfer.test' }),
});
/** and the page server is installed beside the API. */
const withPages = (port: number) => async (app: FastifyInstance) => {
  const pages = await installPageServer(app, {
    shellDist,
    registry: app.mfeRegistry.live,
    apiOrigin: `http://127.0.0.1:${port}`,
    publicOrigin: 'https://sklep.kaloryfer.test',
    serverRender: true,
    renderCacheMs: 0,
  });
  closers.push(() => pages.close());
};

beforeAll(async () => {
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-shell-'));
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><link href="/main.css" rel="stylesheet"></head><body><script defer src="/main.1234abcd.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(shellDist, 'main.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(shellDist, 'main.1234abcd.js'), 'console.log(1)');
  const portA = await freePort();
  const portB = await freePort();
  a = await startTestServer({ port: portA, shell: shellOn(portA), extend: withPages(portA) });
  b = await startTestServer({ instanceOf: a, port: portB, shell: shellOn(portB), extend: withPages(portB) });
  token = (await a.app.mfeRegistry.tokens.create('operator')).token;
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await b?.close();
  await a?.close();
  fs.rmSync(shellDist, { recursive: true, force: true });
});

async function release(on: TestServer, options: FixtureBuildOptions) {
  const response = await fetch(`${on.baseUrl}/registry/v1/remotes/content/builds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' },
    body: new Uint8Array(await fixtureArchive(options)),
  });
  expect(response.status).toBe(200);
}

/** The content build a page of this instance is rendered by now. */
const renderedBy = async (on: TestServer) => /data-ssr="content ([^"]+)"/.exec(await (await fetch(`${on.baseUrl}/porady`)).text())?.[1] ?? null;

test('a release through instance 1 is rendered by instance 2 on its next requests; a rollback through instance 2 by instance 1', async () => {
  await release(a, { version: '1.0.0' });
  expect(await renderedBy(a)).toBe('1.0.0'); // the instance that took it: at once
  // Within a second when the machine is quiet (npm run bench:release); the test allows a busy CI machine more.
  expect(await eventually(async () => (await renderedBy(b)) === '1.0.0' && 'seen', SEEN_WITHIN_MS)).toBe('seen');
  const page = await (await fetch(`${b.baseUrl}/porady`)).text();
  expect(page).toContain('<p data-fixture="content 1.0.0">content 1.0.0 ./app /porady</p>');

  await release(a, { version: '1.1.0' });
  await eventually(async () => (await renderedBy(b)) === '1.1.0', SEEN_WITHIN_MS);

  const rollback = await fetch(`${b.baseUrl}/registry/v1/remotes/content/rollback`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(rollback.status).toBe(200);
  await eventually(async () => (await renderedBy(a)) === '1.0.0', SEEN_WITHIN_MS);
  expect(await renderedBy(b)).toBe('1.0.0');
}, 60_000);

test('each instance serves the files of a build published through the other, from the database', async () => {
  const registryA = await (await fetch(`${a.baseUrl}/mfe-registry.json`)).json();
  const registryB = await (await fetch(`${b.baseUrl}/mfe-registry.json`)).json();
  expect(registryB).toEqual(registryA);
  const entry = (registryA as { remotes: { content: { entry: string } } }).remotes.content.entry.replace('mf-manifest.json', 'remoteEntry.js');
  const [fromA, fromB] = await Promise.all([a, b].map(async (on) => Buffer.from(await (await fetch(on.baseUrl + entry)).arrayBuffer())));
  expect(fromB.length).toBeGreaterThan(100);
  expect(fromB.equals(fromA)).toBe(true);
});
