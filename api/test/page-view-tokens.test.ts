import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildSignals } from '@kaloryfer/api-contract';
import type { FastifyInstance } from 'fastify';
import { installPageServer } from '../../shell/server/page-server';
import { shortBuildId } from '../src/signals/page-view-token';
import { publishFixture, shellWithoutPageServer } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * The page server hands each page its page-view token (issue #48, docs/releasing.md "Signals"):
 * in the page's state, over the builds it pinned — the token its beacon must carry to count;
 * and, for a page the service worker answered from its copy, on asking (`POST /__page-view`),
 * over the builds it runs that are live. Anything else it mints nothing for.
 */
const PUBLIC_ORIGIN = 'https://sklep.kaloryfer.test';
let server: TestServer;
let shellDist: string;
let operator: string;
const builds: Record<string, string> = {};
const closers: (() => Promise<void>)[] = [];

const withPages = async (app: FastifyInstance) => {
  const pages = await installPageServer(app, {
    shellDist,
    registry: app.mfeRegistry.live,
    apiOrigin: 'http://127.0.0.1:9',
    publicOrigin: PUBLIC_ORIGIN,
    serverRender: false,
    renderCacheMs: 0,
    signals: app.signals,
  });
  closers.push(() => pages.close());
};

beforeAll(async () => {
  shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-shell-'));
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<html><head></head><body><script defer src="/main.1234abcd.js"></script></body></html>');
  fs.writeFileSync(path.join(shellDist, 'main.1234abcd.js'), 'console.log(1)');
  server = await startTestServer({ shell: shellWithoutPageServer(), extend: withPages });
  operator = (await server.app.mfeRegistry.tokens.create('operator')).token;
  for (const remote of ['content', 'catalog'] as const)
    builds[remote] = await publishFixture(server.baseUrl, operator, { remote, version: '1.0.0', server: 'none' });
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await server?.close();
  fs.rmSync(shellDist, { recursive: true, force: true });
});

const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/s.exec(html)![1]) as { pageView?: string };
const pageViewsOf = async (remote: string) => {
  const response = await fetch(`${server.baseUrl}/registry/v1/remotes/${remote}/signals?minutes=10`, { headers: { authorization: `Bearer ${operator}` } });
  return ((await response.json()) as { result: { builds: BuildSignals[] } }).result.builds.find((entry) => entry.build === builds[remote])?.pageViews ?? 0;
};
const beacon = (token: string | undefined, remote: string) =>
  fetch(`${server.baseUrl}/api/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(token ? { token } : {}), builds: [{ remote, build: builds[remote], pageView: true, route: true }] }),
  });

test("each page's state carries a token of its own over the builds it pinned; its beacon counts with it", async () => {
  const [first, second] = await Promise.all([1, 2].map(async () => stateOf(await (await fetch(`${server.baseUrl}/porady`)).text()).pageView));
  const token = server.app.signals.tokens.read(first)!;
  expect(token).not.toBeNull();
  expect([...token.builds].sort()).toEqual([shortBuildId(builds.catalog), shortBuildId(builds.content)].sort());
  expect(server.app.signals.tokens.read(second)!.nonce).not.toBe(token.nonce);

  const before = await pageViewsOf('content');
  expect((await beacon(undefined, 'content')).status).toBe(204); // no token: not counted
  expect(await pageViewsOf('content')).toBe(before);
  expect((await beacon(first, 'content')).status).toBe(204);
  expect(await pageViewsOf('content')).toBe(before + 1);
});

describe('POST /__page-view: a page the service worker answered asks for its token', () => {
  const ask = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}/__page-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: JSON.stringify(body),
    });

  test('a token over the live builds it names — a build no longer live, or never, is left out', async () => {
    const response = await ask({ builds: [builds.content, 'f'.repeat(64), 'not a build'] });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { result } = (await response.json()) as { result: { token: string } };
    expect([...server.app.signals.tokens.read(result.token)!.builds]).toEqual([shortBuildId(builds.content)]);
  });

  test.each([
    ['another site', { builds: [] }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, 403],
    ['no builds', {}, {}, 400],
    ['builds not a list', { builds: 'all' }, {}, 400],
    ['more builds than a page runs', { builds: Array.from({ length: 13 }, () => 'a'.repeat(64)) }, {}, 400],
  ])('%s → %i, no token', async (_name, body, headers, status) => {
    const response = await ask(body, headers);
    expect(response.status).toBe(status);
    expect(JSON.stringify(await response.json())).not.toMatch(/token/);
  });
});
