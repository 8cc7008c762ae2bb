import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedCatalog } from '../src/seed/catalog-seed';
import { TEST_SEED, TEST_TODAY, type TestServer } from '../harness/test-server';
import { ADDRESS, plainValve } from './order-helpers';
import { freshTestDatabase } from '../harness/test-database';

/** Access tokens live this many seconds in the account tests (ACCESS_TOKEN_TTL). */
export const ACCESS_TTL = 30;
export const HASH_COST = 15; // log2 N; production's 17 is tested in src/auth/passwords.test.ts

export interface Answer {
  status: number;
  headers: Headers;
  body: { code: number; result: any; meta?: any };
}

/** A Polish address book entry, as a customer saves it. */
export const SHIPPING = {
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Grzewcza 7', '12'],
  city: 'Kraków',
  postcode: '30-001',
  country_id: 'PL',
  telephone: '601 234 567',
};

/** Quoted-printable (RFC 2045) back to UTF-8 text: soft line breaks joined, =XX bytes decoded. */
const quotedPrintable = (encoded: string) =>
  decodeURIComponent(
    encoded
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

/** The link of a reset e-mail, as the shopper would click it. */
function resetLinkIn(mail: string): { email: string; resetToken: string } {
  const match = /https:\/\/sklep\.kaloryfer\.test\/create-password\?email=([^&\s]+)&resetToken=([\w-]+)/.exec(mail);
  expect(match).not.toBeNull();
  return { email: decodeURIComponent(match![1]), resetToken: match![2] };
}

/**
 * The account API of issue #17 over HTTP (docs/account.md), as each account test file meets
 * it: one seeded API per file, with ACCESS_TTL-second access tokens, a cheaper scrypt and a
 * clock the tests move (`advance`), and the calls the tests make to it. Registers the file's
 * hooks; `shop.server` and `shop.valve` are set once its beforeAll has run.
 */
export function accountShop() {
  let now = Date.parse(`${TEST_TODAY}T01:00:00Z`);
  const advance = (seconds: number) => {
    now += seconds * 1000;
  };
  const shop = {} as { server: TestServer; valve: Product };

  /** Like helpers.startTestServer, with config overrides, the tests' clock and an optional log sink. */
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
      catalogSnapshot: path.join(varDir, 'catalog-snapshot.bin'),
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

  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}, base = shop.server): Promise<Answer> {
    const response = await fetch(base.baseUrl + url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  }

  const login = (username: string, password: string) => call('POST', '/api/user/login', { username, password });
  const refresh = (refreshToken: string) => call('POST', '/api/user/refresh', { refreshToken });
  const me = (token: string) => call('GET', `/api/user/me?token=${encodeURIComponent(token)}`);

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

  const mailDir = () => path.join(shop.server.varDir, 'mail');
  const mailFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : []);
  /** Runs a call and reads the e-mails it left in the outbox (decoded). */
  async function withMail(action: () => Promise<Answer>): Promise<{ answer: Answer; mails: string[] }> {
    const before = new Set(mailFiles());
    const answer = await action();
    const mails = mailFiles()
      .filter((file) => !before.has(file))
      .map((file) => quotedPrintable(fs.readFileSync(path.join(mailDir(), file), 'utf8').replace(/\r\n/g, '\n')));
    return { answer, mails };
  }
  async function requestReset(email: string) {
    const { answer, mails } = await withMail(() => call('POST', '/api/user/reset-password', { email, websiteId: 1 }));
    return { answer, mails, link: mails.length === 1 ? resetLinkIn(mails[0]) : null };
  }

  async function placeOrder(token: string | null, payment = 'cashondelivery', email = ADDRESS.email) {
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const cartId = (await call('POST', `/api/cart/create${query}`)).body.result as string;
    const added = await call('POST', `/api/cart/update?cartId=${cartId}${token ? `&token=${encodeURIComponent(token)}` : ''}`, {
      cartItem: { sku: shop.valve.sku, qty: 1, quoteId: cartId },
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

  beforeAll(async () => {
    shop.server = await startAccountServer({ accessTokenTtlSeconds: ACCESS_TTL, passwordScryptCost: HASH_COST }, { seed: true });
    shop.valve = plainValve(shop.server);
  }, 60_000);
  afterAll(() => shop.server.close());
  // Each test starts after every rate-limit window of the one before (the limits count per IP, and every test calls from 127.0.0.1).
  beforeEach(() => advance(16 * 60));
  afterEach(() => jest.restoreAllMocks());

  return { shop, now: () => now, advance, startAccountServer, call, login, refresh, me, customer, requestReset, placeOrder };
}
