import { createHash } from 'node:crypto';
import type { GateResult, PublishAnswer, RegistryEvent, RegistryStatusRoute, RouteResult } from '@kaloryfer/api-contract';
import { packFiles } from '../src/registry/build-archive';
import { fixtureArchive, fixtureBuildFiles, type FixtureBuildOptions } from '../src/registry/testing/fixture-build';
import { shellWithoutPageServer } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * The remote registry over HTTP (issue #32, docs/releasing.md), on SQLite and on PostgreSQL:
 * who may call it, immutable builds, the gate refusing what must not go live, rollback to the
 * exact bytes, the history, A/B weights, and two releases fired at the same moment.
 */
let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({
    shell: shellWithoutPageServer(),
  });
  for (const team of ['operator', 'content', 'cart', 'checkout']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
}, 60_000);
afterAll(() => server.close());

interface Answer<T = unknown> {
  status: number;
  body: { code: number; result: T };
}

async function call<T = unknown>(
  method: string,
  path: string,
  options: { token?: string | null; body?: Buffer | object; query?: string } = {},
): Promise<Answer<T>> {
  const token = options.token === undefined ? tokens.operator : options.token;
  const binary = Buffer.isBuffer(options.body);
  const response = await fetch(`${server.baseUrl}/registry/v1/${path}${options.query ?? ''}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': binary ? 'application/gzip' : 'application/json' }),
    },
    body: options.body === undefined ? undefined : binary ? new Uint8Array(options.body as Buffer) : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

const publish = async (remote: string, options: FixtureBuildOptions = {}, token = tokens.operator, query = '') =>
  call<PublishAnswer & { message?: string; gate?: GateResult }>('POST', `remotes/${remote}/builds`, {
    token,
    body: await fixtureArchive({ remote: remote as never, ...options }),
    query,
  });

const live = () => server.app.mfeRegistry.live.current().json.remotes as Record<string, { version: string; build: string; entry: string; integrity: string }>;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function file(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('who may call the registry', () => {
  test.each([
    ['no token', null, 401, /registry calls need a token/],
    ['not a registry token', 'Bearer-ish', 401, /not a registry token/],
    ['an unknown token', `kfr_000000000000_${'A'.repeat(43)}`, 401, /unknown token/],
  ])('%s → 401', async (_name, token, status, message) => {
    const answer = await call('POST', 'remotes/content/builds', { token, body: Buffer.from('x') });
    expect(answer.status).toBe(status);
    expect(answer.body.result).toMatch(message);
    expect((await call('GET', 'status', { token })).status).toBe(status);
  });

  test("the cart team's token cannot publish, roll back or weight content (403), nor manage tokens", async () => {
    const published = await publish('content', {}, tokens.cart);
    expect(published.status).toBe(403);
    expect(published.body.result).toMatch(/the cart team's token cannot change content/);
    expect((await call('POST', 'remotes/content/rollback', { token: tokens.cart, body: {} })).status).toBe(403);
    expect((await call('PUT', 'remotes/checkout/variants/b/weight', { token: tokens.cart, body: { weight: 5 } })).status).toBe(403);
    expect((await call('GET', 'tokens', { token: tokens.cart })).status).toBe(403);
    expect((await call('POST', 'tokens', { token: tokens.cart, body: { team: 'operator' } })).body.result).toMatch(/only an operator/);
  });

  test('a revoked token stops at once (401 with when), and an operator makes and revokes tokens over HTTP', async () => {
    const made = await call<{ id: string; team: string; token: string }>('POST', 'tokens', { body: { team: 'account', label: 'account CI' } });
    expect(made.status).toBe(200);
    expect(made.body.result).toMatchObject({ team: 'account', label: 'account CI', token: expect.stringMatching(/^kfr_[a-z0-9]{12}_/) });
    expect((await call('GET', 'status', { token: made.body.result.token })).status).toBe(200);
    const listed = await call<{ id: string; team: string }[]>('GET', 'tokens');
    expect(JSON.stringify(listed.body.result)).not.toContain(made.body.result.token.slice('kfr_'.length + 13)); // the secret (it may hold '_') is never shown again
    expect((await call('DELETE', `tokens/${made.body.result.id}`)).status).toBe(200);
    const refused = await call('GET', 'status', { token: made.body.result.token });
    expect(refused.status).toBe(401);
    expect(refused.body.result).toMatch(/this token was revoked at \d{4}-/);
  });

  test('the registry is off the shoppers’ API: not in /api/openapi.json', async () => {
    const document = await (await fetch(`${server.baseUrl}/api/openapi.json`)).text();
    expect(document).not.toContain('/registry/');
    expect(document).not.toContain('/mfe/');
  });
});

describe('publishing', () => {
  test('a build goes live: the registry names it by its content hash with the entry’s integrity, and every file is served immutable from /mfe/', async () => {
    const files = fixtureBuildFiles({ version: '1.0.0' });
    const answer = await call<PublishAnswer>('POST', 'remotes/content/builds', { token: tokens.content, body: await packFiles(files) });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ outcome: 'released', build: { remote: 'content', version: '1.0.0', team: 'content' } });
    expect(answer.body.result.gate!.checks.map((check) => [check.name, check.status])).toEqual([
      ['contracts', 'pass'],
      ['shared', 'pass'],
      ['files', 'pass'],
      ['browser-entry', 'pass'],
      ['server-render', 'pass'],
    ]);
    const entry = live().content;
    expect(entry).toMatchObject({
      version: '1.0.0',
      build: answer.body.result.build.build,
      entry: expect.stringMatching(/^\/mfe\/content\/[0-9a-f]{16}\/mf-manifest\.json$/),
    });
    expect(entry.integrity).toBe(`sha384-${createHash('sha384').update(files.get('remoteEntry.js')!).digest('base64')}`);

    const remoteEntry = entry.entry.replace('mf-manifest.json', 'remoteEntry.js');
    const { response, bytes } = await file(remoteEntry);
    expect(response.status).toBe(200);
    expect(bytes.equals(files.get('remoteEntry.js')!)).toBe(true);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = response.headers.get('etag')!;
    expect((await file(remoteEntry, { 'if-none-match': etag })).response.status).toBe(304);
    // A file over 1 KB goes out compressed: the fixture's are small, the server build is not served compressed.
    expect((await file(entry.entry.replace('mf-manifest.json', 'nothing.js'))).response.status).toBe(404);
    expect((await file('/mfe/content/0123456789abcdef/remoteEntry.js')).response.status).toBe(404);
  });

  test('the same bytes again change nothing; other bytes under a used version are refused and the live build stays', async () => {
    const before = live().content.build;
    const again = await publish('content', { version: '1.0.0' }, tokens.content);
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ outcome: 'unchanged', event: null, gate: null });
    const other = await publish('content', { version: '1.0.0', marker: 'a fix without a new version' }, tokens.content);
    expect(other.status).toBe(409);
    expect(other.body.result.message).toMatch(/content 1\.0\.0 was published at .* with other files .*a published version never changes/);
    expect(live().content.build).toBe(before);
  });

  test('a build whose server render throws is refused by the gate (422 with its checks); the shop keeps serving the old build', async () => {
    const before = live().content;
    const refused = await publish('content', { version: '1.0.1', server: 'throws' }, tokens.content);
    expect(refused.status).toBe(422);
    expect(refused.body.result.message).toMatch(
      /the release gate refused content 1\.0\.1: server-render: footer slot \(\.\/Footer\) on \/: TypeError: the fixture build cannot render at pageHtml \(mfe-content\/src\/pages\/page\.tsx:42:7\)/,
    );
    expect(refused.body.result.gate!.checks.find((check) => check.name === 'server-render')).toMatchObject({ status: 'fail' });
    expect(live().content).toEqual(before);
    // Its version was never taken: the fixed build may use it.
    expect((await publish('content', { version: '1.0.1' }, tokens.content)).status).toBe(200);
  });

  test('a build made against contracts 2.0.0 is refused; the shop keeps serving the old build', async () => {
    const before = live().content;
    const refused = await publish('content', { version: '1.0.2', contracts: '2.0.0' }, tokens.content);
    expect(refused.status).toBe(422);
    expect(refused.body.result.message).toMatch(/contracts: built against contracts 2\.0\.0, but the shell speaks 1\./);
    expect(live().content).toEqual(before);
  });

  test.each([
    ['not an archive', Buffer.from('this is not a tar file at all, nothing like one'), /not a build archive/],
    ['an archive without build-info.json', null, /build-info\.json is missing/],
    ['a build of another remote', 'cart', /holds a build of cart, not content/],
  ])('%s → 400', async (_name, variant, message) => {
    let body: Buffer;
    if (Buffer.isBuffer(variant)) body = variant;
    else if (variant === null) {
      const files = fixtureBuildFiles();
      files.delete('build-info.json');
      body = await packFiles(files);
    } else body = await fixtureArchive({ remote: 'cart', server: 'none' });
    const answer = await call('POST', 'remotes/content/builds', { body });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body.result)).toMatch(message);
  });

  test('a JSON body is not a build (415)', async () => {
    expect((await call('POST', 'remotes/content/builds', { body: { files: [] } })).status).toBe(415);
  });
});

describe('rollback', () => {
  test('returns the exact bytes that were live before (by hash), then the ones before those; --to names a version', async () => {
    const remoteEntryOf = async () => (await file(live().content.entry.replace('mf-manifest.json', 'remoteEntry.js'))).bytes;
    const v101 = live().content;
    expect(v101.version).toBe('1.0.1');
    const bytes101 = sha256(await remoteEntryOf());
    expect((await publish('content', { version: '1.0.3' }, tokens.content)).status).toBe(200);
    expect(sha256(await remoteEntryOf())).not.toBe(bytes101);

    const back = await call<RegistryEvent>('POST', 'remotes/content/rollback', { token: tokens.content, body: { reason: '1.0.3 breaks the footer' } });
    expect(back.status).toBe(200);
    expect(back.body.result).toMatchObject({
      action: 'rollback',
      version: '1.0.1',
      previousVersion: '1.0.3',
      team: 'content',
      reason: '1.0.3 breaks the footer',
    });
    expect(live().content).toEqual(v101);
    expect(sha256(await remoteEntryOf())).toBe(bytes101);

    expect((await call<RegistryEvent>('POST', 'remotes/content/rollback', { token: tokens.content, body: {} })).body.result).toMatchObject({
      version: '1.0.0',
    });
    const first = await call('POST', 'remotes/content/rollback', { token: tokens.content, body: {} });
    expect(first.status).toBe(409);
    expect(first.body.result).toMatch(/nothing to roll back to: content 1\.0\.0 is the first build that went live/);

    expect((await call<RegistryEvent>('POST', 'remotes/content/rollback', { body: { to: '1.0.3' } })).body.result).toMatchObject({
      version: '1.0.3',
      team: 'operator',
    });
    expect((await call('POST', 'remotes/content/rollback', { body: { to: '9.9.9' } })).status).toBe(404);
  });

  test('the history says what happened, when, by whom and why, newest first — refusals included', async () => {
    const history = await call<RegistryEvent[]>('GET', 'remotes/content/history');
    expect(history.status).toBe(200);
    const rows = history.body.result.map((event) => [event.action, event.version, event.previousVersion, event.team]);
    expect(rows).toEqual([
      ['rollback', '1.0.3', '1.0.0', 'operator'],
      ['rollback', '1.0.0', '1.0.1', 'content'],
      ['rollback', '1.0.1', '1.0.3', 'content'],
      ['release', '1.0.3', '1.0.1', 'content'],
      ['refused', '1.0.2', null, 'content'],
      ['release', '1.0.1', '1.0.0', 'content'],
      ['refused', '1.0.1', null, 'content'],
      ['refused', '1.0.0', null, 'content'],
      ['release', '1.0.0', null, 'content'],
    ]);
    const refusal = history.body.result.find((event) => event.action === 'refused' && event.version === '1.0.1')!;
    expect(refusal.gate!.ok).toBe(false);
    expect(refusal.reason).toMatch(/server-render/);
    for (const event of history.body.result) expect(event.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('A/B variants', () => {
  test('variants go live with weights; a team weights and withdraws its own; the control and a last variant stay', async () => {
    expect((await publish('checkout', { variant: 'a', server: 'none' }, tokens.checkout)).status).toBe(200);
    expect((await publish('checkout', { variant: 'b', server: 'none' }, tokens.checkout, '?weight=10')).status).toBe(200);
    const entry = live().checkout as unknown as { control: string; variants: Record<string, { weight: number; name: string }> };
    expect(entry.control).toBe('a');
    expect(Object.fromEntries(Object.entries(entry.variants).map(([id, variant]) => [id, [variant.name, variant.weight]]))).toEqual({
      a: ['checkout_a', 50],
      b: ['checkout_b', 10],
    });
    expect((await call('PUT', 'remotes/checkout/variants/b/weight', { token: tokens.checkout, body: { weight: 25 } })).body.result).toMatchObject({
      action: 'weight',
      weight: 25,
    });
    expect((await call('PUT', 'remotes/checkout/variants/a/weight', { token: tokens.checkout, body: { weight: 0 } })).status).toBe(200);
    const allZero = await call('PUT', 'remotes/checkout/variants/b/weight', { token: tokens.checkout, body: { weight: 0 } });
    expect(allZero.status).toBe(409);
    expect((await call('DELETE', 'remotes/checkout/variants/a', { token: tokens.checkout })).body.result).toMatch(/control variant/);
    expect((await call('PUT', 'remotes/checkout/variants/a/weight', { token: tokens.checkout, body: { weight: 50 } })).status).toBe(200);
    expect((await call('DELETE', 'remotes/checkout/variants/b', { token: tokens.checkout })).body.result).toMatchObject({
      action: 'withdraw',
      previousVersion: '1.0.0',
    });
    expect(Object.keys((live().checkout as unknown as { variants: object }).variants)).toEqual(['a']);
    // A build without a variant cannot replace an A/B test.
    const single = await publish('checkout', { server: 'none' }, tokens.checkout);
    expect(single.status).toBe(409);
    expect(JSON.stringify(single.body.result)).toMatch(/runs an A\/B test/);
  });

  test('status shows every remote: what is live, weights, gate results, who and when', async () => {
    const status = await call<RouteResult<typeof RegistryStatusRoute>>('GET', 'status', { token: tokens.cart });
    expect(status.status).toBe(200);
    const byRemote = Object.fromEntries(status.body.result.remotes.map((remote) => [remote.remote, remote]));
    expect(Object.keys(byRemote)).toEqual(['catalog', 'cart', 'checkout', 'account', 'content']);
    expect(byRemote.catalog.variants).toEqual([]);
    expect(byRemote.content.variants[0]).toMatchObject({ version: '1.0.3', team: 'content', weight: 1, gate: { ok: true } });
    expect(byRemote.checkout).toMatchObject({ control: 'a', variants: [{ variant: 'a', weight: 50 }] });
    expect(byRemote.content.releaseInProgress).toBeNull();
  });
});

describe('two releases at the same moment', () => {
  test('of one remote: exactly one wins, the other is told "release in progress" — never a lost update', async () => {
    const [first, second] = await Promise.all([
      publish('content', { version: '2.0.0' }, tokens.content),
      publish('content', { version: '2.0.1' }, tokens.operator),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    const winner = first.status === 200 ? first : second;
    expect(JSON.stringify(loser.body.result)).toMatch(/release in progress/);
    expect(live().content.version).toBe(winner.body.result.build.version);
    const history = (await call<RegistryEvent[]>('GET', 'remotes/content/history', { query: '?limit=1' })).body.result;
    expect(history[0]).toMatchObject({ action: 'release', version: winner.body.result.build.version, previousVersion: '1.0.3' });
  }, 30_000);

  test('of different remotes: neither waits for the other', async () => {
    const [content, cart] = await Promise.all([publish('content', { version: '2.1.0' }, tokens.content), publish('cart', { server: 'none' }, tokens.cart)]);
    expect([content.status, cart.status]).toEqual([200, 200]);
    expect(live().content.version).toBe('2.1.0');
    expect(live().cart.version).toBe('1.0.0');
  }, 30_000);
});
