import { shellWithoutPageServer, publishFixture } from './registry-helpers';
import { startTestServer, type TestServer } from '../harness/test-server';

/**
 * Overrides for teams over HTTP (issue #34, docs/releasing.md "Overrides"): only an operator
 * issues one, for a published version or a team's https build, and the link carries a signed,
 * expiring override the page server reads (shell/server/compose-page.test.ts shows what a page
 * does with it).
 */
let server: TestServer;
const tokens: Record<string, string> = {};

const issue = async (body: object, token = tokens.operator, remote = 'cart') => {
  const response = await fetch(`${server.baseUrl}/registry/v1/remotes/${remote}/overrides`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { result: { link: string; until: string; version: string; entry: string } & string } };
};

beforeAll(async () => {
  server = await startTestServer({
    shell: shellWithoutPageServer(),
  });
  for (const team of ['operator', 'cart']) tokens[team] = (await server.app.mfeRegistry.tokens.create(team)).token;
  for (const version of ['1.0.0', '1.1.0']) {
    await publishFixture(server.baseUrl, tokens.cart, { remote: 'cart', version, server: 'none' });
  }
}, 60_000);
afterAll(() => server.close());

test('a published version: a link to the shop whose signed override names that build, for the minutes asked', async () => {
  const answer = await issue({ target: '1.0.0', minutes: 60 });
  expect(answer.status).toBe(200);
  expect(answer.body.result).toMatchObject({ version: '1.0.0', entry: expect.stringMatching(/^\/mfe\/cart\/[0-9a-f]{16}\/remoteEntry\.js$/) });
  const link = new URL(answer.body.result.link);
  expect(`${link.origin}${link.pathname}`).toBe('https://sklep.kaloryfer.test/__override');
  const override = server.app.overrides.read(link.searchParams.get('t'));
  expect(override).toMatchObject({
    remote: 'cart',
    variant: 'default',
    name: 'cart',
    version: '1.0.0',
    origin: null,
    integrity: expect.stringMatching(/^sha384-/),
  });
  expect(Date.parse(override!.until) - Date.now()).toBeGreaterThan(59 * 60_000);
});

test("a team's https build: served from its origin, no integrity, the live build's container and contracts", async () => {
  const answer = await issue({ target: 'https://dev.cart-team.test:8443/mf-manifest.json', minutes: 5 });
  expect(answer.status).toBe(200);
  expect(server.app.overrides.read(new URL(answer.body.result.link).searchParams.get('t'))).toMatchObject({
    entry: 'https://dev.cart-team.test:8443/remoteEntry.js',
    origin: 'https://dev.cart-team.test:8443',
    integrity: null,
    name: 'cart',
    version: 'override',
  });
});

test.each([
  ['a team token', () => issue({ target: '1.0.0', minutes: 5 }, tokens.cart), 403],
  ['no token', () => issue({ target: '1.0.0', minutes: 5 }, 'nonsense'), 401],
  ['a version never published', () => issue({ target: '7.7.7', minutes: 5 }), 404],
  ['plain http', () => issue({ target: 'http://dev.test/remoteEntry.js', minutes: 5 }), 400],
  ['a URL that is not an entry', () => issue({ target: 'https://dev.test/app.js', minutes: 5 }), 400],
  ['a URL with a query', () => issue({ target: 'https://dev.test/remoteEntry.js?x=1', minutes: 5 }), 400],
  ['more than a day', () => issue({ target: '1.0.0', minutes: 24 * 60 + 1 }), 400],
  ['a remote with no live build', () => issue({ target: '1.0.0', minutes: 5 }, tokens.operator, 'account'), 404],
])('%s → %i', async (_name, call, status) => {
  expect((await call()).status).toBe(status);
});

test('an override cannot be forged, outlive its time, or be read by another shop', async () => {
  const token = new URL((await issue({ target: '1.1.0', minutes: 1 })).body.result.link).searchParams.get('t')!;
  expect(server.app.overrides.read(token)).not.toBeNull();
  const [payload, signature] = token.split('.');
  const changed = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('1.1.0', '1.0.0')).toString('base64url');
  expect(server.app.overrides.read(`${changed}.${signature}`)).toBeNull();
  const { Overrides } = await import('../src/registry/overrides');
  const { loadTokenSecret } = await import('../src/auth/group-token');
  const secret = loadTokenSecret(undefined, server.varDir);
  expect(new Overrides(secret).read(token)).not.toBeNull();
  expect(new Overrides(Buffer.from('another shop')).read(token)).toBeNull();
  expect(new Overrides(secret, () => new Date(Date.now() + 2 * 60_000)).read(token)).toBeNull(); // a minute's override, two minutes on
});
