import { Writable } from 'node:stream';
import type { Product } from '@kaloryfer/api-contract';
import { HSTS, PERMISSIONS_POLICY } from '../src/http/security-headers';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { orderClient, plainValve } from './order-helpers';

/**
 * The edge over HTTP (docs/security.md): every answer's security headers, the sandbox gateway's
 * own page policy, the request log of real API calls holding no token, cart id, e-mail or card
 * number, and the payment return to the shopper's own origin only when it is the shop's.
 */
const PUBLIC = 'https://sklep.kaloryfer.test';
const SECOND = 'https://www.kaloryfer.test';

let server: TestServer;
let valve: Product;
let log = '';
const { call, cartWith, orderBody } = orderClient(() => server);

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  server = await startTestServer({ seed: TEST_SEED, config: { logLevel: 'info', publicOrigins: [PUBLIC, SECOND] }, logStream });
  valve = plainValve(server);
});
afterAll(() => server.close());

const cspOf = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  test.each([
    ['a JSON answer', '/api/health', 200],
    ['a client error', '/api/catalog/vue_storefront_catalog/product/_search?size=abc', 400],
    ['an unknown endpoint', '/api/nothing-here', 404],
    ['a product picture', '/img/150/150/resize/product/ladder-500x1200-f4f4f0.svg', 200],
  ])('%s: nosniff, no framing, referrer and permissions policies, a CSP that allows nothing, HSTS (the public URL is https)', async (_case, path, status) => {
    const response = await fetch(server.baseUrl + path);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
    expect(response.headers.get('permissions-policy')).toContain('payment=(self)');
    expect(response.headers.get('strict-transport-security')).toBe(HSTS);
    expect(cspOf(response)).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  test("product pictures may be shown by any site (a VSF storefront elsewhere); the API's answers only by this one", async () => {
    expect((await fetch(`${server.baseUrl}/img/150/150/resize/product/ladder-500x1200-f4f4f0.svg`)).headers.get('cross-origin-resource-policy')).toBe(
      'cross-origin',
    );
    expect((await fetch(`${server.baseUrl}/api/health`)).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  test('no HSTS when the shop is served over plain http', async () => {
    const plain = await startTestServer({ config: { publicOrigin: 'http://localhost:3900', publicOrigins: [] } });
    try {
      const response = await fetch(`${plain.baseUrl}/api/health`);
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await plain.close();
    }
  });
});

async function placeOnline(headers: Record<string, string> = {}) {
  const body = orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: 'payu_gateway' });
  const response = await fetch(`${server.baseUrl}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: { orderNumber: string; paymentRedirect: string } };
  return { ...result, clientOrderId: body.order.order_id };
}

/** The shopper's decision on the sandbox page: where the browser is sent next. */
async function returnAfterPaying(redirect: string): Promise<string> {
  const response = await fetch(server.baseUrl + new URL(redirect).pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: new URL(redirect).searchParams.get('t')!, action: 'pay' }).toString(),
  });
  await server.app.paymentNotifications.drain();
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

describe("the sandbox gateway's page under its own CSP", () => {
  test('its inline stylesheet carries the nonce the policy names; no script is allowed; its form may post to itself and return to the shop', async () => {
    const order = await placeOnline();
    const page = await fetch(server.baseUrl + new URL(order.paymentRedirect).pathname + new URL(order.paymentRedirect).search);
    expect(page.status).toBe(200);
    const csp = cspOf(page);
    const nonce = /<style nonce="([^"]+)">/.exec(await page.text())?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toEqual({
      'default-src': ["'none'"],
      'style-src': [`'nonce-${nonce}'`],
      'img-src': ["'self'"],
      'form-action': ["'self'", PUBLIC],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
    });
    expect(csp['script-src']).toBeUndefined();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // A new nonce for every page.
    const again = await fetch(server.baseUrl + new URL(order.paymentRedirect).pathname + new URL(order.paymentRedirect).search);
    expect(/<style nonce="([^"]+)">/.exec(await again.text())?.[1]).not.toBe(nonce);
  });
});

describe("the payment returns the shopper to their own origin only when it is one of the shop's (PUBLIC_ORIGINS)", () => {
  test('from an allow-listed origin: the gateway page and the return are on that origin', async () => {
    const order = await placeOnline({ origin: SECOND });
    expect(order.paymentRedirect.startsWith(`${SECOND}/sandbox-gateway/pay?t=`)).toBe(true);
    expect(await returnAfterPaying(order.paymentRedirect)).toBe(`${SECOND}/thank-you-page?order_increment_id=${order.orderNumber}`);
  });

  test.each([
    ["an origin that is not the shop's", { origin: 'https://evil.example' }],
    ['a look-alike of an allowed origin', { origin: 'https://www.kaloryfer.test.evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['no origin at all', {}],
  ])('%s: the public URL (no open redirect)', async (_case, headers) => {
    const order = await placeOnline(headers);
    expect(order.paymentRedirect.startsWith(`${PUBLIC}/sandbox-gateway/pay?t=`)).toBe(true);
    expect(await returnAfterPaying(order.paymentRedirect)).toBe(`${PUBLIC}/thank-you-page?order_increment_id=${order.orderNumber}`);
  });
});

describe('the request log of real API calls holds no secret', () => {
  test('tokens, the refresh token, cart ids, e-mails, reset tokens, client order ids and card numbers are redacted — and the requests are logged', async () => {
    const email = 'ewa.zielinska+log@example.pl';
    const password = 'Grzejnik-2026!';
    expect((await call('POST', '/api/user/create', { customer: { email, firstname: 'Ewa', lastname: 'Zielińska' }, password })).status).toBe(200);
    const login = await call('POST', '/api/user/login', { username: email, password });
    const token = login.body.result as string;
    const refreshToken = (login.body as unknown as { meta: { refreshToken: string } }).meta.refreshToken;
    expect(token).toBeTruthy();
    const cartId = (await call('POST', `/api/cart/create?token=${encodeURIComponent(token)}`)).body.result as string;
    expect(cartId).toBeTruthy();
    await call('GET', `/api/user/me?token=${encodeURIComponent(token)}`);
    await call('GET', `/api/cart/pull?token=${encodeURIComponent(token)}&cartId=${encodeURIComponent(cartId)}`);
    await call('POST', `/api/cart/update?token=${encodeURIComponent(token)}&cartId=${encodeURIComponent(cartId)}`, {
      cartItem: { sku: valve.sku, qty: 1, quoteId: cartId },
    });
    await call('GET', `/api/ext/mailchimp-subscribe/subscribe?email=${encodeURIComponent(email)}`);
    await fetch(`${server.baseUrl}/api/nothing-here?contact=${email}&pan=4111%201111%201111%201111&resetToken=r3s3t-s3cr3t`);
    const order = await placeOnline();
    await call('GET', `/api/order/status?order_increment_id=${order.orderNumber}&order_id=${order.clientOrderId}`);
    await fetch(order.paymentRedirect.replace(PUBLIC, server.baseUrl));

    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } });
    const urls = lines.map((line) => line.req?.url).filter(Boolean);
    expect(urls).toContain('/api/user/me?token=[REDACTED]');
    expect(urls).toContain('/api/cart/pull?token=[REDACTED]&cartId=[REDACTED]');
    expect(urls.some((url) => url!.startsWith('/sandbox-gateway/pay?t=[REDACTED]'))).toBe(true);
    for (const secret of [
      token,
      refreshToken,
      cartId,
      email,
      encodeURIComponent(email),
      'ewa.zielinska',
      '4111%201111%201111%201111',
      '4111 1111 1111 1111',
      '1111%201111%201111',
      'r3s3t-s3cr3t',
      order.clientOrderId,
      new URL(order.paymentRedirect).searchParams.get('t')!,
    ]) {
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});
