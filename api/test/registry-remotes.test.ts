import type { PublishAnswer, RegistryRemotesRoute, RouteResult } from '@kaloryfer/api-contract';
import { REMOTE_NAME } from '@kaloryfer/api-contract';
import { REMOTE_NAME_PATTERN } from '@kaloryfer/contracts/meta';
import { fixtureArchive, type FixtureBuildOptions } from '../src/registry/testing/fixture-build';
import { shellWithoutPageServer } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * A remote joins the shop by an operator's registry call, not by a change to the shell
 * (issue #47, docs/architecture.md "The shop's remotes"): registered with its routes and slots,
 * given a team token, its build released through the gate against its own definition, and named
 * with its routes in the registry every page reads. On SQLite and PostgreSQL.
 */
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ shell: shellWithoutPageServer() });
  for (const team of ['operator', 'cart']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
}, 60_000);
afterAll(() => server.close());

async function call<T = unknown>(method: string, path: string, options: { token?: string; body?: Buffer | object } = {}) {
  const binary = Buffer.isBuffer(options.body);
  const response = await fetch(`${server.baseUrl}/registry/v1/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.token ?? tokens.operator}`,
      ...(options.body === undefined ? {} : { 'content-type': binary ? 'application/gzip' : 'application/json' }),
    },
    body: options.body === undefined ? undefined : binary ? new Uint8Array(options.body as Buffer) : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: T } };
}

const publish = async (remote: string, options: FixtureBuildOptions, token: string) =>
  call<PublishAnswer & { message?: string }>('POST', `remotes/${remote}/builds`, { token, body: await fixtureArchive({ remote, ...options }) });

const GALLERY = {
  name: 'gallery',
  routes: [
    { name: 'gallery', pattern: '/galeria' },
    { name: 'gallery-item', pattern: '/galeria/:slug' },
  ],
};

test('the API and the contracts agree on what a remote’s name is', () => {
  expect(REMOTE_NAME).toBe(REMOTE_NAME_PATTERN);
});

test('before it is registered, a name is no remote: no token, no release', async () => {
  const token = await call('POST', 'tokens', { body: { team: 'gallery' } });
  expect(token.status).toBe(404);
  expect(token.body.result).toMatch(/gallery is not a remote of this shop: an operator registers it first/);
  const released = await publish('gallery', { server: 'none' }, tokens.operator);
  expect(released.status).toBe(404);
});

test.each([
  ["a team's token", { ...GALLERY }, 'cart', 403, /only an operator registers a remote/],
  ['a built-in name', { ...GALLERY, name: 'content' }, 'operator', 409, /content is a remote of the shop already/],
  ['a path the checkout owns', { ...GALLERY, routes: [{ name: 'mine', pattern: '/checkout' }] }, 'operator', 409, /overlaps \/checkout, which checkout owns/],
  ['a malformed pattern', { ...GALLERY, routes: [{ name: 'mine', pattern: '/galeria?x' }] }, 'operator', 400, /is no path pattern/],
  ['a slot the shell has not', { ...GALLERY, slots: { sidebar: './X' } }, 'operator', 400, /./],
  ['nothing to own or fill', { name: 'idle' }, 'operator', 400, /at least one route or fills a slot/],
])('registering with %s is refused (%s)', async (_name, body, team, status, message) => {
  const answer = await call('POST', 'remotes', { token: tokens[team], body });
  expect(answer.status).toBe(status);
  expect(JSON.stringify(answer.body.result)).toMatch(message);
});

test('registered: listed with its routes, given a token, released against its own definition, named in the registry pages read', async () => {
  const made = await call('POST', 'remotes', { body: GALLERY });
  expect(made.status).toBe(200);
  expect(made.body.result).toEqual({ ...GALLERY, slots: {} });
  expect((await call('POST', 'remotes', { body: GALLERY })).status).toBe(409);

  const list = await call<RouteResult<typeof RegistryRemotesRoute>>('GET', 'remotes', { token: tokens.cart });
  expect(list.body.result.map((remote) => [remote.name, remote.builtIn])).toEqual([
    ['catalog', true],
    ['cart', true],
    ['checkout', true],
    ['account', true],
    ['content', true],
    ['gallery', false],
  ]);
  expect(list.body.result.at(-1)).toMatchObject({ routes: GALLERY.routes, registeredBy: 'operator', registeredAt: expect.any(String) });

  const team = await call<{ token: string }>('POST', 'tokens', { body: { team: 'gallery' } });
  expect(team.status).toBe(200);
  // Its build must expose what the shell loads of it: ./app, for its routes.
  const without = await publish('gallery', { server: 'none', modules: ['./Other'] }, team.body.result.token);
  expect(without.status).toBe(422);
  expect(without.body.result.message).toMatch(/\.\/app.*does not exist in container/);
  const released = await publish('gallery', { server: 'none', modules: ['./app'] }, team.body.result.token);
  expect(released.status).toBe(200);
  expect(released.body.result.outcome).toBe('released');
  // The cart team cannot release it.
  expect((await publish('gallery', { server: 'none', version: '1.0.1' }, tokens.cart)).status).toBe(403);

  const status = await call<{ remotes: { remote: string; variants: unknown[] }[] }>('GET', 'status');
  expect(status.body.result.remotes.find((remote) => remote.remote === 'gallery')?.variants).toHaveLength(1);
  // What /mfe-registry.json and every page's registry carry (the page server serves it).
  const registry = server.app.mfeRegistry.live.current().json;
  expect(registry.definitions).toEqual([{ ...GALLERY, slots: {} }]);
  expect(Object.keys(registry.remotes)).toContain('gallery');

  // A remote with a live build does not leave; a built-in one never does.
  const removal = await call('DELETE', 'remotes/gallery');
  expect(removal.status).toBe(409);
  expect(removal.body.result).toMatch(/gallery has 1 live build/);
  expect((await call('DELETE', 'remotes/content')).status).toBe(409);
});

test('a registered remote with nothing live leaves the shop, and its name is free again', async () => {
  const made = await call('POST', 'remotes', { body: { name: 'footer2', slots: { footer: './Footer' } } });
  expect(made.status).toBe(200);
  expect((await call('DELETE', 'remotes/footer2')).status).toBe(200);
  expect((await call('DELETE', 'remotes/footer2')).status).toBe(404);
  expect((await call<RouteResult<typeof RegistryRemotesRoute>>('GET', 'remotes')).body.result.map((remote) => remote.name)).not.toContain('footer2');
  expect((await call('POST', 'remotes', { body: { name: 'footer2', slots: { footer: './Footer' } } })).status).toBe(200);
});
