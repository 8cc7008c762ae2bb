import { createHash, randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Product } from '@kaloryfer/domain';
import { buildApp } from '../src/app';
import { PasswordHasher } from '../src/auth/passwords';
import { TOO_MANY_ATTEMPTS } from '../src/auth/rate-limit';
import { loadConfig, type Config } from '../src/config';
import { BAD_LOGIN, EMAIL_TAKEN, RESET_EXPIRED, RESET_INVALID, RESET_MAIL_FAILED, RESET_USED, WRONG_CURRENT_PASSWORD } from '../src/customers/customers';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { FileOutbox } from '../src/mail/outbox';
import { seedCatalog } from '../src/seed/catalog-seed';
import { TEST_SEED, TEST_TODAY, type TestServer } from './helpers';
import { ADDRESS, plainValve } from './order-helpers';
import { freshTestDatabase } from './test-database';

/**
 * The account API of issue #17 over HTTP (docs/account.md): sessions with rotating refresh
 * tokens, reuse detection, logout, short access tokens, limits, password reset through the
 * e-mail file, the profile's allow-list, order history, wishlist, and another customer's
 * order / address / wishlist item → 404.
 */
const ACCESS_TTL = 30;
const HASH_COST = 15; // log2 N; production's 17 is tested in src/auth/passwords.test.ts
let server: TestServer;
let now = Date.parse(`${TEST_TODAY}T01:00:00Z`);
const advance = (seconds: number) => {
  now += seconds * 1000;
};
let valve: Product;

/** Like helpers.startTestServer, with config overrides, a clock the tests move and an optional log sink. */
async function startAccountServer(overrides: Partial<Config>, options: { seed?: boolean; logStream?: NodeJS.WritableStream } = {}): Promise<TestServer> {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-account-'));
  const database = await freshTestDatabase(varDir);
  const config: Config = {
    ...loadConfig({}),
    varDir,
    port: 0,
    logLevel: 'silent',
    databaseUrl: database.url,
    publicOrigin: 'https://sklep.kaloryfer.test',
    mailDir: path.join(varDir, 'mail'),
    ...overrides,
  };
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  if (options.seed) await seedCatalog(db, TEST_SEED);
  const app = await buildApp({ config, db, clock: () => new Date(now), logStream: options.logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    varDir,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await db.close();
      await database.drop();
      fs.rmSync(varDir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  status: number;
  headers: Headers;
  body: { code: number; result: any; meta?: any };
}
async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}, base = server): Promise<Answer> {
  const response = await fetch(base.baseUrl + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

let accounts = 0;
/** A new customer, signed in: their e-mail, password, access token and refresh token. */
async function customer(password = 'tajne-haslo-1') {
  accounts += 1;
  const email = `klient${accounts}@example.pl`;
  const created = await call('POST', '/api/user/create', { customer: { email, firstname: 'Anna', lastname: 'Kowalska' }, password });
  expect(created.status).toBe(200);
  const session = await login(email, password);
  expect(session.status).toBe(200);
  return {
    id: created.body.result.id as number,
    email,
    password,
    token: session.body.result as string,
    refreshToken: session.body.meta.refreshToken as string,
  };
}
const login = (username: string, password: string) => call('POST', '/api/user/login', { username, password });
const refresh = (refreshToken: string) => call('POST', '/api/user/refresh', { refreshToken });
const me = (token: string) => call('GET', `/api/user/me?token=${encodeURIComponent(token)}`);

const mailDir = () => path.join(server.varDir, 'mail');
const mailFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : []);
/** Quoted-printable (RFC 2045) back to UTF-8 text: soft line breaks joined, =XX bytes decoded. */
const quotedPrintable = (encoded: string) =>
  decodeURIComponent(
    encoded
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );
/** Runs a call and reads the e-mails it left in the outbox (decoded). */
async function withMail(action: () => Promise<Answer>): Promise<{ answer: Answer; mails: string[] }> {
  const before = new Set(mailFiles());
  const answer = await action();
  const mails = mailFiles()
    .filter((file) => !before.has(file))
    .map((file) => quotedPrintable(fs.readFileSync(path.join(mailDir(), file), 'utf8').replace(/\r\n/g, '\n')));
  return { answer, mails };
}
/** The link of a reset e-mail, as the shopper would click it. */
function resetLinkIn(mail: string): { email: string; resetToken: string } {
  const match = /https:\/\/sklep\.kaloryfer\.test\/create-password\?email=([^&\s]+)&resetToken=([\w-]+)/.exec(mail);
  expect(match).not.toBeNull();
  return { email: decodeURIComponent(match![1]), resetToken: match![2] };
}
async function requestReset(email: string) {
  const { answer, mails } = await withMail(() => call('POST', '/api/user/reset-password', { email, websiteId: 1 }));
  return { answer, mails, link: mails.length === 1 ? resetLinkIn(mails[0]) : null };
}

async function placeOrder(token: string | null, payment = 'cashondelivery', email = ADDRESS.email) {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const cartId = (await call('POST', `/api/cart/create${query}`)).body.result as string;
  const added = await call('POST', `/api/cart/update?cartId=${cartId}${token ? `&token=${encodeURIComponent(token)}` : ''}`, {
    cartItem: { sku: valve.sku, qty: 1, quoteId: cartId },
  });
  expect(added.status).toBe(200);
  const placed = await call('POST', `/api/order${query}`, {
    order: {
      order_id: `account-${randomBytes(6).toString('hex')}`,
      cart_id: cartId,
      addressInformation: {
        shippingAddress: { ...ADDRESS, email },
        shipping_carrier_code: 'courier',
        shipping_method_code: 'courier',
        payment_method_code: payment,
      },
    },
  });
  expect(placed.status).toBe(200);
  return placed.body.result as { orderNumber: string; backendOrderId: number };
}

const SHIPPING = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7', '12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
};

beforeAll(async () => {
  server = await startAccountServer({ accessTokenTtlSeconds: ACCESS_TTL, passwordScryptCost: HASH_COST }, { seed: true });
  valve = plainValve(server);
}, 60_000);
afterAll(() => server.close());
// Each test starts after every rate-limit window of the one before (the limits count per IP, and every test calls from 127.0.0.1).
beforeEach(() => advance(16 * 60));
afterEach(() => jest.restoreAllMocks());

describe('sessions', () => {
  test('login: an access token and a refresh token; the refresh token is stored only as a hash', async () => {
    const anna = await customer();
    expect(anna.token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(anna.refreshToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    const [selector, verifier] = anna.refreshToken.split('.');
    const row = await server.db.kysely.selectFrom('refresh_token').selectAll().where('selector', '=', selector).executeTakeFirstOrThrow();
    expect(row.verifier_hash).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(verifier);
    expect((await me(anna.token)).status).toBe(200);
  });

  test('refresh rotates: a new access and refresh token each time; the new access token works', async () => {
    const anna = await customer();
    const first = await refresh(anna.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(first.body.meta.refreshToken).not.toBe(anna.refreshToken);
    const second = await refresh(first.body.meta.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.meta.refreshToken).not.toBe(first.body.meta.refreshToken);
    expect((await me(second.body.result)).body.result.email).toBe(anna.email);
  });

  test('a rotated-out refresh token used again → 401 and its whole family is revoked (RFC 9700); other sign-ins stay', async () => {
    const anna = await customer();
    const otherDevice = (await login(anna.email, anna.password)).body;
    const rotated = await refresh(anna.refreshToken);
    const newest = rotated.body.meta.refreshToken as string;
    const reused = await refresh(anna.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.result).toBe('Error refreshing user token');
    // The token the same family issued after the stolen one is revoked too, and so is the family's access token.
    expect((await refresh(newest)).status).toBe(401);
    expect((await me(rotated.body.result)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    const rows = await server.db.kysely.selectFrom('refresh_token').select(['revoked_at']).where('customer_id', '=', anna.id).execute();
    expect(rows.filter((row) => row.revoked_at === null)).toHaveLength(1); // the other device's
    expect((await refresh(otherDevice.meta.refreshToken)).status).toBe(200);
  });

  test('the same refresh token twice at once: one rotation at most, and the family is revoked', async () => {
    const anna = await customer();
    const answers = await Promise.all([refresh(anna.refreshToken), refresh(anna.refreshToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await refresh(winner.body.meta.refreshToken)).status).toBe(401);
  });

  test('unknown, malformed, tampered and access tokens are refused by refresh', async () => {
    const anna = await customer();
    const [selector, verifier] = anna.refreshToken.split('.');
    for (const bad of [`${selector}.${'A'.repeat(43)}`, `${'B'.repeat(22)}.${verifier}`, 'nie-token', anna.token, `${anna.refreshToken}.x`]) {
      expect((await refresh(bad)).status).toBe(401);
    }
    expect((await call('POST', '/api/user/refresh', {})).status).toBe(400);
    // A wrong verifier revokes nothing: the real token still works.
    expect((await refresh(anna.refreshToken)).status).toBe(200);
  });

  test('logout revokes the session: its refresh token and access token stop working; logout is idempotent', async () => {
    const anna = await customer();
    const out = await call('POST', `/api/user/logout?token=${anna.token}`, { refreshToken: anna.refreshToken });
    expect(out.body).toEqual({ code: 200, result: true });
    expect((await refresh(anna.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    expect((await call('POST', '/api/user/logout', { refreshToken: anna.refreshToken })).body.result).toBe(true);
    expect((await call('POST', '/api/user/logout', { refreshToken: 'nie.token' })).body.result).toBe(true);
    // Only the access token (the refresh token lost): the family ends all the same.
    const jan = await customer();
    expect((await call('POST', '/api/user/logout', undefined, { authorization: `Bearer ${jan.token}` })).body).toEqual({ code: 200, result: true });
    expect((await refresh(jan.refreshToken)).status).toBe(401);
  });

  test('a logged-out access token stops at once on cart, order and wishlist calls too, not when it expires', async () => {
    const anna = await customer();
    const token = encodeURIComponent(anna.token);
    const cartId = (await call('POST', `/api/cart/create?token=${token}`)).body.result as string;
    expect((await call('GET', `/api/cart/pull?token=${token}&cartId=${cartId}`)).status).toBe(200);
    expect((await call('GET', `/api/wishlist?token=${token}`)).status).toBe(200);
    expect((await call('POST', `/api/user/logout?token=${token}`, { refreshToken: anna.refreshToken })).status).toBe(200);
    for (const [method, url, body] of [
      ['GET', `/api/cart/pull?token=${token}&cartId=${cartId}`, undefined],
      ['POST', `/api/cart/update?token=${token}&cartId=${cartId}`, { cartItem: { sku: 'KF-ZT-0001', qty: 1, quoteId: cartId } }],
      ['POST', `/api/cart/create?token=${token}`, undefined],
      ['GET', `/api/wishlist?token=${token}`, undefined],
    ] as const) {
      expect([url, (await call(method, url, body)).status]).toEqual([url, 401]);
    }
  });

  test('the access token expires after ACCESS_TOKEN_TTL (here 30 s) for account and cart calls alike; refresh gives a working one', async () => {
    const anna = await customer();
    advance(ACCESS_TTL - 1);
    expect((await me(anna.token)).status).toBe(200);
    advance(2);
    const expired = await me(anna.token);
    expect(expired).toMatchObject({ status: 401, body: { result: 'Unexpected authorization error' } });
    expect((await call('POST', `/api/cart/create?token=${anna.token}`)).status).toBe(401);
    const renewed = await refresh(anna.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.result)).status).toBe(200);
    expect((await call('POST', `/api/cart/create?token=${renewed.body.result}`)).status).toBe(200);
  });

  test('account calls need a token: none, forged or foreign → 401; Authorization: Bearer works like ?token=', async () => {
    const anna = await customer();
    expect((await call('GET', '/api/user/me')).status).toBe(401);
    expect((await call('GET', '/api/user/order-history')).status).toBe(401);
    expect((await call('GET', '/api/wishlist')).status).toBe(401);
    expect((await me(`${anna.token.split('.')[0]}.x`)).status).toBe(401);
    expect((await call('GET', '/api/user/me', undefined, { authorization: `Bearer ${anna.token}` })).body.result.email).toBe(anna.email);
  });
});

describe('limits', () => {
  test('5 failed logins a minute for one IP and account → 429 with Retry-After, even with the right password; the limit resets', async () => {
    const anna = await customer();
    for (let n = 0; n < 5; n += 1) expect((await login(anna.email, 'zle-haslo-00')).status).toBe(401);
    const limited = await login(anna.email, anna.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 429, result: TOO_MANY_ATTEMPTS, meta: { retryAfter: 60 } });
    expect(limited.headers.get('retry-after')).toBe('60');
    advance(30);
    expect((await login(anna.email, anna.password)).headers.get('retry-after')).toBe('30');
    // Another account from the same address is not held up.
    const jan = await customer();
    expect((await login(jan.email, jan.password)).status).toBe(200);
    advance(31);
    expect((await login(anna.email, anna.password)).status).toBe(200);
  });

  test('an unknown e-mail is limited the same way (the limit reveals nothing either)', async () => {
    for (let n = 0; n < 5; n += 1) expect((await login('nikt@example.pl', 'zle-haslo-00')).status).toBe(401);
    expect((await login('nikt@example.pl', 'zle-haslo-00')).status).toBe(429);
  });

  test('reset-password: 3 requests per e-mail in 15 minutes, then 429; the window passes', async () => {
    const anna = await customer();
    for (let n = 0; n < 3; n += 1) expect((await requestReset(anna.email)).answer.status).toBe(200);
    const limited = await requestReset(anna.email);
    expect(limited.answer.status).toBe(429);
    expect(limited.mails).toHaveLength(0);
    expect(Number(limited.answer.headers.get('retry-after'))).toBe(15 * 60);
    advance(15 * 60);
    expect((await requestReset(anna.email)).answer.status).toBe(200);
  });

  test('refresh: 10 a minute per account, then 429 with Retry-After; a minute later it works', async () => {
    const anna = await customer();
    let refreshToken = anna.refreshToken;
    for (let n = 0; n < 10; n += 1) {
      const answer = await refresh(refreshToken);
      expect(answer.status).toBe(200);
      refreshToken = answer.body.meta.refreshToken;
    }
    const limited = await refresh(refreshToken);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(60);
    expect((await refresh(refreshToken)).status).toBe(200); // the limited call did not spend the token
  });
});

describe('passwords', () => {
  test('no account enumeration: an unknown e-mail runs the same scrypt (same parameters) and gets the same answer as a wrong password', async () => {
    const anna = await customer();
    const derive = jest.spyOn(PasswordHasher.prototype, 'derive');
    const wrong = await login(anna.email, 'zle-haslo-00');
    const known = derive.mock.calls.map((args) => args[2]);
    derive.mockClear();
    const unknown = await login('nie-ma-takiego@example.pl', 'zle-haslo-00');
    const unknownRuns = derive.mock.calls.map((args) => args[2]);
    expect(known).toEqual([{ logN: HASH_COST, r: 8, p: 1 }]);
    expect(unknownRuns).toEqual(known);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.result).toBe(BAD_LOGIN);
  });

  test("a registration with a taken e-mail costs the same hash and answers the spec's message", async () => {
    const anna = await customer();
    const derive = jest.spyOn(PasswordHasher.prototype, 'derive');
    const again = await call('POST', '/api/user/create', {
      customer: { email: anna.email, firstname: 'Anna', lastname: 'Kowalska' },
      password: 'inne-haslo-1',
    });
    expect(again.body).toEqual({ code: 400, result: EMAIL_TAKEN });
    expect(derive).toHaveBeenCalledTimes(1);
  });

  test('an old `scrypt$salt$hash` (N=2^14) still signs in and is upgraded to the current parameters at that login', async () => {
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64url')}$${scryptSync('stare-haslo-1', salt, 32).toString('base64url')}`;
    await server.db.kysely
      .insertInto('customer')
      .values({
        email: 'stary.klient@example.pl',
        firstname: 'Jan',
        lastname: 'Nowak',
        group_id: 1,
        password_hash: legacy,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    expect((await login('stary.klient@example.pl', 'zle-haslo-00')).status).toBe(401);
    const hashOf = async () =>
      (await server.db.kysely.selectFrom('customer').select('password_hash').where('email', '=', 'stary.klient@example.pl').executeTakeFirstOrThrow())
        .password_hash;
    expect(await hashOf()).toBe(legacy);
    expect((await login('stary.klient@example.pl', 'stare-haslo-1')).status).toBe(200);
    expect(await hashOf()).toMatch(new RegExp(`^scrypt\\$ln=${HASH_COST},r=8,p=1\\$`));
    expect((await login('stary.klient@example.pl', 'stare-haslo-1')).status).toBe(200);
  });

  test('change-password: the current password is required; other sessions end, this one stays', async () => {
    const anna = await customer();
    const otherDevice = (await login(anna.email, anna.password)).body;
    const url = `/api/user/change-password?token=${anna.token}`;
    expect((await call('POST', url, { currentPassword: 'zle-haslo-00', newPassword: 'nowe-haslo-1' })).body).toEqual({
      code: 400,
      result: WRONG_CURRENT_PASSWORD,
    });
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'krótkie' })).body).toEqual({
      code: 400,
      result: 'Password must have at least 8 letters',
    });
    expect((await call('POST', url, { newPassword: 'nowe-haslo-1' })).status).toBe(400);
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'nowe-haslo-1' })).body).toEqual({ code: 200, result: true });
    expect((await refresh(otherDevice.meta.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(200);
    expect((await refresh(anna.refreshToken)).status).toBe(200);
    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
  });

  test('change-password: wrong current passwords count like failed logins (429 after 5)', async () => {
    const anna = await customer();
    const url = `/api/user/change-password?token=${anna.token}`;
    for (let n = 0; n < 5; n += 1) expect((await call('POST', url, { currentPassword: `zle-haslo-${n}`, newPassword: 'nowe-haslo-1' })).status).toBe(400);
    expect((await call('POST', url, { currentPassword: anna.password, newPassword: 'nowe-haslo-1' })).status).toBe(429);
  });
});

describe('password reset', () => {
  test('a known e-mail gets a Polish e-mail with a single-use link; the link sets the password, ends every session, and works once', async () => {
    const anna = await customer();
    const { answer, mails, link } = await requestReset(anna.email.toUpperCase());
    expect(answer.body).toEqual({ code: 200, result: true });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${anna.email.replace('.', '\\.')}$`, 'm'));
    expect(mails[0]).toContain('otrzymaliśmy prośbę o ustawienie nowego hasła');
    expect(mails[0]).toContain('Link działa przez 60 minut i tylko raz.');
    expect(mails[0]).toMatch(/Content-Type: text\/html/);
    expect(link!.email).toBe(anna.email);
    // Only the token's hash is kept.
    const rows = await server.db.kysely.selectFrom('password_reset').selectAll().where('customer_id', '=', anna.id).execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: createHash('sha256').update(link!.resetToken).digest('hex'), used_at: null })]);

    const created = await call('POST', '/api/user/create-password', { ...link, newPassword: 'nowe-haslo-1' });
    expect(created.body).toEqual({ code: 200, result: true });
    expect((await login(anna.email, anna.password)).status).toBe(401);
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
    expect((await refresh(anna.refreshToken)).status).toBe(401);
    expect((await me(anna.token)).status).toBe(401);
    const reused = await call('POST', '/api/user/create-password', { ...link, newPassword: 'inne-haslo-2' });
    expect(reused.body).toEqual({ code: 400, result: RESET_USED });
    expect((await login(anna.email, 'nowe-haslo-1')).status).toBe(200);
  });

  test('a link older than an hour is refused; a newer link replaces an older one; the link is for its own e-mail only', async () => {
    const anna = await customer();
    const jan = await customer();
    const first = (await requestReset(anna.email)).link!;
    advance(60 * 60 + 1);
    expect((await call('POST', '/api/user/create-password', { ...first, newPassword: 'nowe-haslo-1' })).body).toEqual({ code: 400, result: RESET_EXPIRED });
    const second = (await requestReset(anna.email)).link!;
    const third = (await requestReset(anna.email)).link!;
    expect((await call('POST', '/api/user/create-password', { ...second, newPassword: 'nowe-haslo-1' })).body.result).toBe(RESET_USED);
    expect((await call('POST', '/api/user/create-password', { ...third, email: jan.email, newPassword: 'nowe-haslo-1' })).body.result).toBe(RESET_INVALID);
    expect(
      (await call('POST', '/api/user/create-password', { ...third, resetToken: randomBytes(32).toString('base64url'), newPassword: 'nowe-haslo-1' })).body
        .result,
    ).toBe(RESET_INVALID);
    expect((await call('POST', '/api/user/create-password', { ...third, newPassword: 'krótkie' })).body).toEqual({
      code: 400,
      result: 'Password must have at least 8 letters',
    });
    expect((await call('POST', '/api/user/create-password', { ...third, newPassword: 'nowe-haslo-1' })).body.result).toBe(true);
    expect((await login(jan.email, jan.password)).status).toBe(200);
  });

  test("an unknown e-mail gets the very same answer and no e-mail (no account enumeration); a malformed one the spec's message", async () => {
    const anna = await customer();
    const known = await requestReset(anna.email);
    const unknown = await requestReset('nie-ma-takiego@example.pl');
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(unknown.mails).toHaveLength(0);
    expect((await call('POST', '/api/user/reset-password', { email: 'anna@' })).body).toEqual({ code: 400, result: 'Please provide valid e-mail address' });
  });

  test("when the e-mail cannot be sent: 500 'Error while sending reset password e-mail', and no link stays valid", async () => {
    const anna = await customer();
    jest.spyOn(FileOutbox.prototype, 'send').mockRejectedValueOnce(new Error('SMTP 421 service not available'));
    const failed = await requestReset(anna.email);
    expect(failed.answer.body).toEqual({ code: 500, result: RESET_MAIL_FAILED });
    expect(await server.db.kysely.selectFrom('password_reset').select('id').where('customer_id', '=', anna.id).execute()).toEqual([]);
    expect((await requestReset(anna.email)).answer.status).toBe(200);
  });
});

describe('profile', () => {
  test('GET me: the customer with addresses, defaults, newsletter flag and a group token for their group', async () => {
    const anna = await customer();
    const profile = (await me(anna.token)).body.result;
    expect(profile).toEqual({
      id: anna.id,
      group_id: 1,
      email: anna.email,
      firstname: 'Anna',
      lastname: 'Kowalska',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      addresses: [],
      extension_attributes: { is_subscribed: false },
      groupToken: expect.any(String),
    });
    expect(server.app.groupTokens.read(profile.groupToken)).toBe(1);
  });

  test('POST me saves names, e-mail, the address book with defaults and the newsletter flag', async () => {
    const anna = await customer();
    const saved = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: {
        firstname: 'Anna-Maria',
        lastname: 'Nowak',
        extension_attributes: { is_subscribed: true },
        addresses: [
          { ...SHIPPING, default_shipping: true },
          {
            ...SHIPPING,
            street: ['ul. Fakturowa 1'],
            city: 'Warszawa',
            postcode: '00-950',
            company: 'Instalbud Sp. z o.o.',
            vat_id: '9512345675',
            default_billing: true,
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const [home, office] = saved.body.result.addresses;
    expect(saved.body.result).toMatchObject({
      firstname: 'Anna-Maria',
      lastname: 'Nowak',
      extension_attributes: { is_subscribed: true },
      default_shipping: String(home.id),
      default_billing: String(office.id),
      groupToken: expect.any(String),
    });
    expect(home).toMatchObject({ ...SHIPPING, customer_id: anna.id, default_shipping: true });
    expect(office).toMatchObject({ city: 'Warszawa', company: 'Instalbud Sp. z o.o.', vat_id: '9512345675', default_billing: true });
    expect((await me(anna.token)).body.result).toEqual(saved.body.result);

    // The whole book as VSF sends it back: the office edited, the home left out (deleted), its stale default id ignored.
    const edited = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: { ...saved.body.result, addresses: [{ ...office, city: 'Gdańsk', postcode: '80-001' }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.result.addresses).toEqual([expect.objectContaining({ id: office.id, city: 'Gdańsk', default_billing: true })]);
    expect(edited.body.result.default_shipping).toBeUndefined();
    expect(edited.body.result.default_billing).toBe(String(office.id));
    expect(await server.db.kysely.selectFrom('customer_address').select('id').where('customer_id', '=', anna.id).execute()).toEqual([{ id: office.id }]);

    const renamed = await call('POST', `/api/user/me?token=${anna.token}`, { customer: { email: `Nowy.${anna.email}` } });
    expect(renamed.body.result.email).toBe(`nowy.${anna.email}`);
    expect((await login(`nowy.${anna.email}`, anna.password)).status).toBe(200);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a postcode not in xx-xxx', { addresses: [{ ...SHIPPING, postcode: '30001' }] }, 'customer.addresses[0]: Enter the zip code in the xx-xxx format'],
    ['a wrong phone', { addresses: [{ ...SHIPPING, telephone: '12 34' }] }, 'customer.addresses[0]: The phone number you entered is incorrect'],
    ['no city', { addresses: [{ ...SHIPPING, city: ' ' }] }, 'customer.addresses[0]: Field is required'],
    ['an address abroad', { addresses: [{ ...SHIPPING, country_id: 'DE' }] }, 'customer.addresses[0]: We deliver in Poland only (country_id PL)'],
    ['a one-letter name', { firstname: 'A' }, 'customer.firstname: Name must have at least 2 letters'],
    ['a bad e-mail', { email: 'anna@' }, 'customer.email: Please provide valid e-mail address'],
  ])("POST me refuses %s with the spec's message and changes nothing", async (_name, changes, message) => {
    const anna = await customer();
    const before = (await me(anna.token)).body.result;
    const refused = await call('POST', `/api/user/me?token=${anna.token}`, { customer: changes });
    expect(refused.body).toEqual({ code: 400, result: message });
    expect((await me(anna.token)).body.result).toEqual(before);
  });

  test("POST me: another customer's e-mail → the spec's message", async () => {
    const anna = await customer();
    const jan = await customer();
    expect((await call('POST', `/api/user/me?token=${jan.token}`, { customer: { email: anna.email } })).body).toEqual({ code: 400, result: EMAIL_TAKEN });
  });

  test('mass assignment: group_id, ids, password hash, dates and unknown fields are ignored', async () => {
    const anna = await customer();
    const before = await server.db.kysely.selectFrom('customer').selectAll().where('id', '=', anna.id).executeTakeFirstOrThrow();
    const answer = await call('POST', `/api/user/me?token=${anna.token}`, {
      customer: {
        id: anna.id + 1000,
        group_id: 2,
        password_hash: 'scrypt$x$y',
        password: 'przejete-1',
        created_at: '2000-01-01T00:00:00.000Z',
        is_admin: true,
        store_id: 9,
        firstname: 'Ewa',
        addresses: [{ ...SHIPPING, customer_id: anna.id + 1000 }],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ id: anna.id, group_id: 1, firstname: 'Ewa', created_at: before.created_at });
    expect(answer.body.result).not.toHaveProperty('is_admin');
    expect(answer.body.result).not.toHaveProperty('store_id');
    expect(answer.body.result.addresses[0].customer_id).toBe(anna.id);
    expect(server.app.groupTokens.read(answer.body.result.groupToken)).toBe(1);
    const after = await server.db.kysely.selectFrom('customer').selectAll().where('id', '=', anna.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ group_id: 1, password_hash: before.password_hash, created_at: before.created_at });
    expect((await login(anna.email, anna.password)).status).toBe(200);
    // The next access token still names the retail group (the cart prices for it).
    const renewed = (await refresh(anna.refreshToken)).body.result as string;
    expect(JSON.parse(Buffer.from(renewed.split('.')[0], 'base64url').toString())).toMatchObject({ c: anna.id, g: 1 });
  });

  test("IDOR: another customer's address id → 404 and their address is untouched", async () => {
    const anna = await customer();
    const jan = await customer();
    const annas = (await call('POST', `/api/user/me?token=${anna.token}`, { customer: { addresses: [SHIPPING] } })).body.result.addresses[0];
    const taken = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { addresses: [{ ...SHIPPING, id: annas.id, city: 'Poznań' }] } });
    expect(taken.body).toEqual({ code: 404, result: 'No such address' });
    const missing = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { addresses: [{ ...SHIPPING, id: 999_999 }] } });
    expect(missing.body).toEqual(taken.body);
    expect((await me(anna.token)).body.result.addresses).toEqual([annas]);
    expect((await me(jan.token)).body.result.addresses).toEqual([]);
    // A default pointing at someone else's address is not read.
    const pointed = await call('POST', `/api/user/me?token=${jan.token}`, { customer: { default_shipping: annas.id } });
    expect(pointed.body.result.default_shipping).toBeUndefined();
  });

  test('registration may carry addresses and the newsletter consent; the answer stays the plain customer', async () => {
    const created = await call('POST', '/api/user/create', {
      customer: {
        email: 'z.adresem@example.pl',
        firstname: 'Ola',
        lastname: 'Wiśniewska',
        addresses: [{ ...SHIPPING, default_shipping: true }],
        extension_attributes: { is_subscribed: true },
      },
      password: 'tajne-haslo-1',
    });
    expect(created.body.result).toEqual({ id: expect.any(Number), email: 'z.adresem@example.pl', firstname: 'Ola', lastname: 'Wiśniewska', group_id: 1 });
    const token = (await login('z.adresem@example.pl', 'tajne-haslo-1')).body.result;
    expect((await me(token)).body.result).toMatchObject({
      extension_attributes: { is_subscribed: true },
      addresses: [expect.objectContaining({ postcode: '30-001', default_shipping: true })],
    });
    const refused = await call('POST', '/api/user/create', {
      customer: { email: 'zly.adres@example.pl', firstname: 'Ola', lastname: 'Wiśniewska', addresses: [{ ...SHIPPING, postcode: '3' }] },
      password: 'tajne-haslo-1',
    });
    expect(refused.status).toBe(400);
    expect(await server.db.kysely.selectFrom('customer').select('id').where('email', '=', 'zly.adres@example.pl').execute()).toEqual([]);
  });
});

describe('order history', () => {
  test("the customer's own orders only, newest first, paged, with lines, totals, addresses and payment state", async () => {
    const anna = await customer();
    const first = await placeOrder(anna.token, 'cashondelivery', anna.email);
    advance(5);
    const second = await placeOrder(anna.token, 'payu_blik', anna.email);
    await placeOrder(null, 'cashondelivery', anna.email); // a guest order with the same e-mail is not hers

    const page = await call('GET', `/api/user/order-history?token=${anna.token}`);
    expect(page.status).toBe(200);
    expect(page.body.result.total_count).toBe(2);
    expect(page.body.result.search_criteria).toEqual({ page_size: 20, current_page: 1 });
    expect(page.body.result.items.map((order: { increment_id: string }) => order.increment_id)).toEqual([second.orderNumber, first.orderNumber]);
    const [blik, cod] = page.body.result.items;
    expect(cod).toMatchObject({
      increment_id: first.orderNumber,
      status: 'processing',
      payment_state: 'offline',
      customer_email: anna.email,
      payment: { method: 'cashondelivery', offline: true },
      items: [expect.objectContaining({ sku: valve.sku, qty_ordered: 1, price_incl_tax: valve.final_price_incl_tax })],
      billing_address: expect.objectContaining({ postcode: '30-001', address_type: 'billing' }),
      shipping_address: expect.objectContaining({ city: 'Kraków', address_type: 'shipping' }),
      extension_attributes: { shipping_assignments: [{ shipping: { address: expect.objectContaining({ city: 'Kraków' }), method: 'courier_courier' } }] },
    });
    expect(cod.grand_total).toBeCloseTo(valve.final_price_incl_tax! + 29 + 9.99, 2);
    expect(cod.total_segments.map((segment: { code: string }) => segment.code)).toEqual(expect.arrayContaining(['subtotal', 'shipping', 'grand_total']));
    expect(blik).toMatchObject({ payment_state: 'awaiting', status: 'pending_payment', order_id: expect.stringMatching(/^account-/) });
    // The client order id lets the customer retry a payment from the history.
    expect((await call('POST', '/api/order/payment', { order_increment_id: blik.increment_id, order_id: blik.order_id })).status).toBe(200);

    const second_page = await call('GET', `/api/user/order-history?token=${anna.token}&pageSize=1&currentPage=2`);
    expect(second_page.body.result).toMatchObject({
      total_count: 2,
      search_criteria: { page_size: 1, current_page: 2 },
      items: [expect.objectContaining({ increment_id: first.orderNumber })],
    });
    expect((await call('GET', `/api/user/order-history?token=${anna.token}&pageSize=0`)).status).toBe(400);
    expect((await call('GET', `/api/user/order-history/${first.orderNumber}?token=${anna.token}`)).body.result.increment_id).toBe(first.orderNumber);
  });

  test("IDOR: another customer sees none of the first one's orders and gets 404 for one by its number", async () => {
    const anna = await customer();
    const jan = await customer();
    const order = await placeOrder(anna.token);
    expect((await call('GET', `/api/user/order-history?token=${jan.token}`)).body.result).toEqual({
      items: [],
      total_count: 0,
      search_criteria: { page_size: 20, current_page: 1 },
    });
    const foreign = await call('GET', `/api/user/order-history/${order.orderNumber}?token=${jan.token}`);
    expect(foreign.body).toEqual({ code: 404, result: 'No such order' });
    expect((await call('GET', `/api/user/order-history/999999999?token=${jan.token}`)).body).toEqual(foreign.body);
  });
});

describe('wishlist', () => {
  const configurable = () =>
    server.app.catalog.products.find((product: Product) => product.type_id === 'configurable' && (product.configurable_children?.length ?? 0) > 0)!;

  test('add by parent sku (once), list with ids and items_count, remove one, remove several', async () => {
    const anna = await customer();
    const url = (rest = '') => `/api/wishlist${rest}?token=${anna.token}`;
    expect((await call('GET', url())).body.result).toEqual({ items: [], items_count: 0 });
    expect((await call('PUT', url(`/${encodeURIComponent(valve.sku)}`))).body).toEqual({ code: 200, result: true });
    expect((await call('PUT', url(`/${encodeURIComponent(valve.sku)}`))).body.result).toBe(true);
    const parent = configurable();
    expect((await call('PUT', url(`/${encodeURIComponent(parent.configurable_children![0].sku)}`))).body.result).toBe(true);
    expect((await call('PUT', url('/nie-ma-takiego-sku'))).status).toBe(404);
    const list = (await call('GET', url())).body.result;
    expect(list).toEqual({
      items: [
        { id: expect.any(Number), sku: valve.sku, product: { sku: valve.sku }, qty: 1, added_at: expect.any(String) },
        { id: expect.any(Number), sku: parent.sku, product: { sku: parent.sku }, qty: 1, added_at: expect.any(String) },
      ],
      items_count: 2,
    });
    // VSF sends Content-Type: application/json with no body: read as {}.
    expect((await call('DELETE', url(`/${list.items[0].id}`), undefined, { 'content-type': 'application/json' })).body).toEqual({ code: 200, result: true });
    expect((await call('DELETE', url(`/${list.items[0].id}`))).status).toBe(404);
    expect((await call('PUT', url(`/${encodeURIComponent(valve.sku)}`))).body.result).toBe(true);
    const ids = (await call('GET', url())).body.result.items.map((item: { id: number }) => item.id);
    expect((await call('DELETE', url(), { items: ids })).body).toEqual({ code: 200, result: true });
    expect((await call('GET', url())).body.result.items_count).toBe(0);
  });

  test("IDOR: another customer's wishlist item → 404, alone or among their own (nothing removed)", async () => {
    const anna = await customer();
    const jan = await customer();
    await call('PUT', `/api/wishlist/${encodeURIComponent(valve.sku)}?token=${anna.token}`);
    await call('PUT', `/api/wishlist/${encodeURIComponent(configurable().sku)}?token=${jan.token}`);
    const annas = (await call('GET', `/api/wishlist?token=${anna.token}`)).body.result.items[0].id;
    const jans = (await call('GET', `/api/wishlist?token=${jan.token}`)).body.result.items[0].id;
    expect((await call('DELETE', `/api/wishlist/${annas}?token=${jan.token}`)).body).toEqual({ code: 404, result: 'No such wishlist item' });
    expect((await call('DELETE', `/api/wishlist?token=${jan.token}`, { items: [jans, annas] })).status).toBe(404);
    expect((await call('GET', `/api/wishlist?token=${anna.token}`)).body.result.items_count).toBe(1);
    expect((await call('GET', `/api/wishlist?token=${jan.token}`)).body.result.items_count).toBe(1);
  });
});

test('tokens never reach the log: ?token= and ?resetToken= are redacted from request URLs', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logged = await startAccountServer({ logLevel: 'info', passwordScryptCost: 14 }, { logStream: sink });
  try {
    await call(
      'POST',
      '/api/user/create',
      { customer: { email: 'log@example.pl', firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' },
      {},
      logged,
    );
    const session = (await call('POST', '/api/user/login', { username: 'log@example.pl', password: 'tajne-haslo-1' }, {}, logged)).body;
    await call('GET', `/api/user/me?token=${session.result}`, undefined, {}, logged);
    await call('GET', `/api/cart/pull?cartId=x&token=${session.result}`, undefined, {}, logged);
    await call('GET', `/create-password?email=log%40example.pl&resetToken=${session.meta.refreshToken}`, undefined, {}, logged);
    const log = lines.join('');
    expect(log).toContain('/api/user/me?token=[REDACTED]');
    expect(log).toContain('&token=[REDACTED]');
    expect(log).toContain('resetToken=[REDACTED]');
    for (const secret of [session.result, session.meta.refreshToken, session.result.split('.')[1], 'tajne-haslo-1']) expect(log).not.toContain(secret);
  } finally {
    await logged.close();
  }
});
