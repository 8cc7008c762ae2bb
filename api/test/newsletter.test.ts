import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';
import { newsletterCoupon } from '@kaloryfer/domain';
import { Carts, type IssuedCoupons } from '../src/cart/carts';
import { MARKETING_RECORDER_FILE, MarketingHook } from '../src/newsletter/marketing-hook';
import { NewsletterCoupons } from '../src/newsletter/newsletter-coupons';
import { Orders } from '../src/orders/orders';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { ADDRESS, orderClient, plainValve } from './order-helpers';

/** The newsletter over HTTP: double opt-in, consent records, the state machine of spec §4, unique single-use coupons, the marketing hook. */
let server: TestServer;
const { cartWith, orderBody } = orderClient(() => server);

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
});
afterAll(() => server.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const response = await fetch(server.baseUrl + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; result: any } };
}
const status = async (email: string) => (await call('GET', `/api/ext/newsletter?email=${encodeURIComponent(email)}`)).body.result;
const subscribe = (email: string, extra: Record<string, unknown> = {}) => call('POST', '/api/ext/newsletter', { email, ...extra });
const unsubscribe = (email: string) => call('DELETE', '/api/ext/newsletter', { email });

/** Follows nothing: the answer's status and where it sends the browser. */
async function open(url: string, init: RequestInit = {}) {
  const response = await fetch(url.startsWith('http') ? url : server.baseUrl + url, { ...init, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}
const postForm = (fields: Record<string, string>, referer?: string, headers: Record<string, string> = {}) =>
  open('/api/ext/newsletter/form', {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(referer ? { referer } : {}), ...headers },
  });

// ---- the outbox (.eml files in VAR_DIR/mail): the clock is pinned, so files share a stamp and differ by their -n suffix.
/** Quoted-printable (RFC 2045) back to UTF-8 text: soft line breaks joined, =XX bytes decoded. */
function quotedPrintable(encoded: string): string {
  return decodeURIComponent(
    encoded
      .replace(/=\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );
}
interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}
function mails(): Mail[] {
  const dir = path.join(server.varDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const order = (file: string) => [file.replace(/(-\d+)?\.eml$/, ''), Number(/-(\d+)\.eml$/.exec(file)?.[1] ?? 0)] as const;
  return fs
    .readdirSync(dir)
    .sort((a, b) => {
      const [stampA, nA] = order(a);
      const [stampB, nB] = order(b);
      return stampA === stampB ? nA - nB : stampA < stampB ? -1 : 1;
    })
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\r\n/g, '\n');
      const header = (/^Subject: (.*(?:\n[ \t].*)*)/m.exec(raw)?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?').replace(/\n[ \t]+/g, ' ');
      const subject = header.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_word, text: string) => quotedPrintable(text.replace(/_/g, ' ')));
      return { file, to: /^To: (.*)$/m.exec(raw)?.[1] ?? '', subject, text: quotedPrintable(raw) };
    });
}
const mailsTo = (email: string) => mails().filter((mail) => mail.to === email);
const linkIn = (mail: Mail) => /https:\/\/sklep\.kaloryfer\.test\/api\/ext\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] ?? null;
const codeIn = (mail: Mail) => /NL10-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/.exec(mail.text)?.[0] ?? null;
/** The confirmation link as the shopper's browser opens it (the test server's own origin instead of PUBLIC_URL). */
const local = (link: string) => link.replace('https://sklep.kaloryfer.test', server.baseUrl);

const hookCalls = (): { method: string; body: { email: string } }[] => {
  const file = path.join(server.varDir, MARKETING_RECORDER_FILE);
  return fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
};

const subscriberOf = (email: string) => server.db.kysely.selectFrom('newsletter_subscriber').selectAll().where('email', '=', email).executeTakeFirst();
const consentsOf = async (email: string) => {
  const subscriber = await subscriberOf(email);
  return subscriber ? server.db.kysely.selectFrom('newsletter_consent').selectAll().where('subscriber_id', '=', subscriber.id).orderBy('id').execute() : [];
};

/** Subscribe and click the link: the address is subscribed; answers its coupon code. */
async function subscribed(email: string): Promise<string> {
  expect((await subscribe(email)).body.result).toBe('pending');
  const [confirmation] = mailsTo(email).filter((mail) => mail.subject.startsWith('Potwierdź'));
  expect((await open(local(linkIn(confirmation)!))).location).toBe('/?newsletter=confirmed#newsletter');
  const coupon = mailsTo(email).find((mail) => mail.subject === 'Twój kod rabatowy -10% – Kaloryfer')!;
  return codeIn(coupon)!;
}

test('subscribe → a confirmation e-mail with a single-use link → confirm → a coupon e-mail with a unique code → subscribed', async () => {
  const email = 'anna.kowalska@example.pl';
  expect(await status(email)).toBe('unsubscribed');
  const started = await subscribe(' Anna.Kowalska@Example.PL ', { consentVersion: NEWSLETTER_CONSENT.version, source: 'account' });
  expect(started).toEqual({ status: 200, body: { code: 200, result: 'pending' } });
  // Pending is not subscribed: VSF reads only `subscribed`.
  expect(await status(email)).toBe('pending');

  const [confirmation, ...more] = mailsTo(email);
  expect(more).toHaveLength(0);
  expect(confirmation.subject).toBe('Potwierdź zapis do newslettera – Kaloryfer');
  expect(confirmation.text).toContain('Link działa przez 48 godzin i tylko raz.');
  expect(confirmation.text.replace(/\s+/g, ' ')).toContain(NEWSLETTER_CONSENT.text); // the consent it confirms, quoted
  const link = linkIn(confirmation)!;
  expect(link).not.toBeNull();

  // The consent as stored: the wording's version and hash, where and when; the token only as a hash.
  const [consent] = await consentsOf(email);
  const token = new URL(link).searchParams.get('token')!;
  expect(consent).toMatchObject({
    consent_version: NEWSLETTER_CONSENT.version,
    text_sha256: createHash('sha256').update(NEWSLETTER_CONSENT.text).digest('hex'),
    source: 'account',
    requested_at: '2026-11-21T12:00:00.000Z',
    confirmed_at: null,
    withdrawn_at: null,
    token_hash: createHash('sha256').update(token).digest('hex'),
    token_expires_at: '2026-11-23T12:00:00.000Z',
    token_used_at: null,
  });
  expect(JSON.stringify(consent)).not.toContain(token);

  expect(await open(local(link))).toEqual({ status: 303, location: '/?newsletter=confirmed#newsletter' });
  expect(await status(email)).toBe('subscribed');
  const coupon = mailsTo(email).find((mail) => mail.subject === 'Twój kod rabatowy -10% – Kaloryfer')!;
  expect(coupon).toBeDefined();
  const code = codeIn(coupon)!;
  expect(code).toMatch(/^NL10-/);
  expect(coupon.text).toContain('Daje 10% rabatu na jedno zamówienie');
  expect(await consentsOf(email)).toEqual([expect.objectContaining({ confirmed_at: '2026-11-21T12:00:00.000Z', token_used_at: '2026-11-21T12:00:00.000Z' })]);
  const stored = await server.db.kysely.selectFrom('newsletter_coupon').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ percent: 10, used_at: null, order_id: null });

  // Another address gets another code.
  expect(await subscribed('jan.nowak@example.pl')).not.toBe(code);
});

test('a second subscribe is ignored while pending or subscribed: no second e-mail', async () => {
  const email = 'ignored.twice@example.pl';
  await subscribe(email);
  expect(mailsTo(email)).toHaveLength(1);
  expect((await subscribe(email)).body.result).toBe('pending');
  expect((await subscribe(email.toUpperCase())).body.result).toBe('pending');
  expect(mailsTo(email)).toHaveLength(1);
  expect(await consentsOf(email)).toHaveLength(1);

  await open(local(linkIn(mailsTo(email)[0])!));
  const after = mailsTo(email).length; // confirmation + coupon
  expect((await subscribe(email)).body).toEqual({ code: 200, result: 'subscribed' });
  expect(mailsTo(email)).toHaveLength(after);
  expect(await consentsOf(email)).toHaveLength(1);

  // Twins at once: one link mailed.
  const twin = 'twins@example.pl';
  const answers = await Promise.all([subscribe(twin), subscribe(twin), subscribe(twin)]);
  expect(answers.map((answer) => answer.body.result)).toEqual(['pending', 'pending', 'pending']);
  expect(mailsTo(twin)).toHaveLength(1);
});

test('the link works once; a used, expired or unknown link lands on a Polish message, never 500; an expired one can be asked for again', async () => {
  const email = 'twice.clicked@example.pl';
  await subscribe(email);
  const link = local(linkIn(mailsTo(email)[0])!);
  expect((await open(link)).location).toBe('/?newsletter=confirmed#newsletter');
  expect(await open(link)).toEqual({ status: 303, location: '/?newsletter=link-used#newsletter' });
  expect(mailsTo(email).filter((mail) => mail.subject.startsWith('Twój kod'))).toHaveLength(1); // one coupon

  for (const query of ['token=' + 'x'.repeat(43), 'token=short', 'token=', '', `token=${'%00'.repeat(10)}`]) {
    expect(await open(`/api/ext/newsletter/confirm?${query}`)).toEqual({ status: 303, location: '/?newsletter=link-invalid#newsletter' });
  }

  const late = 'late.click@example.pl';
  await subscribe(late);
  const [old] = await consentsOf(late);
  await server.db.kysely.updateTable('newsletter_consent').set({ token_expires_at: '2026-11-21T11:59:59.999Z' }).where('id', '=', old.id).execute();
  expect(await open(local(linkIn(mailsTo(late)[0])!))).toEqual({ status: 303, location: '/?newsletter=link-expired#newsletter' });
  expect(await status(late)).toBe('pending');
  // Pending with a dead link is not "pending" for a new request: a new link is mailed, and it works.
  expect((await subscribe(late)).body.result).toBe('pending');
  const confirmations = mailsTo(late).filter((mail) => mail.subject.startsWith('Potwierdź'));
  expect(confirmations).toHaveLength(2);
  expect(linkIn(confirmations[1])).not.toBe(linkIn(confirmations[0]));
  expect((await open(local(linkIn(confirmations[1])!))).location).toBe('/?newsletter=confirmed#newsletter');
  expect(await status(late)).toBe('subscribed');
});

test('unsubscribe acts only on a subscribed address and calls the marketing-automation hook with {email}', async () => {
  const pending = 'not.yet@example.pl';
  await subscribe(pending);
  const before = hookCalls().length;
  expect((await unsubscribe(pending)).body).toEqual({ code: 200, result: 'pending' });
  expect((await unsubscribe('never.seen@example.pl')).body).toEqual({ code: 200, result: 'unsubscribed' });
  expect(hookCalls()).toHaveLength(before);

  const email = 'leaving@example.pl';
  const code = await subscribed(email);
  expect((await call('DELETE', '/api/ext/newsletter', { email: ' Leaving@example.pl ' })).body).toEqual({ code: 200, result: 'unsubscribed' });
  expect(await status(email)).toBe('unsubscribed');
  expect(hookCalls().slice(before)).toEqual([{ method: 'DELETE', body: { email }, at: '2026-11-21T12:00:00.000Z' }]);
  expect(await consentsOf(email)).toEqual([expect.objectContaining({ withdrawn_at: '2026-11-21T12:00:00.000Z' })]);
  // Again: nothing to do, no second call.
  expect((await unsubscribe(email)).body.result).toBe('unsubscribed');
  expect(hookCalls().slice(before)).toHaveLength(1);

  // Back again: a new consent and link; confirming brings the same code, not a second one.
  await subscribe(email);
  const confirmations = mailsTo(email).filter((mail) => mail.subject.startsWith('Potwierdź'));
  expect(confirmations).toHaveLength(2);
  await open(local(linkIn(confirmations[1])!));
  expect(await status(email)).toBe('subscribed');
  expect(
    codeIn(
      mailsTo(email)
        .filter((mail) => mail.subject.startsWith('Twój kod'))
        .at(-1)!,
    ),
  ).toBe(code);
  expect(
    await server.db.kysely
      .selectFrom('newsletter_coupon')
      .selectAll()
      .where('subscriber_id', '=', (await subscriberOf(email))!.id)
      .execute(),
  ).toHaveLength(1);
  expect(await consentsOf(email)).toHaveLength(2);
});

test("the coupon works in one cart and one order; afterwards it is refused with the spec's message", async () => {
  const code = await subscribed('buyer@example.pl');
  const valve = plainValve(server);
  const cartId = await cartWith(valve.sku, 1);
  expect((await call('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=${code.toLowerCase()}`)).body).toEqual({ code: 200, result: true });
  const totals = (await call('GET', `/api/cart/totals?cartId=${cartId}`)).body.result;
  expect(totals.coupon_code).toBe(code);
  expect(totals.discount_amount).toBeCloseTo(-totals.subtotal_incl_tax * 0.1, 2);
  expect(totals.total_segments.find((segment: { code: string }) => segment.code === 'discount').title).toBe(`Rabat (${code})`);

  // A second cart may hold it too, until an order takes it.
  const otherCart = await cartWith(valve.sku, 1);
  expect((await call('POST', `/api/cart/apply-coupon?cartId=${otherCart}&coupon=${code}`)).status).toBe(200);

  const placed = await call('POST', '/api/order', orderBody(cartId));
  expect(placed.status).toBe(200);
  const coupon = await server.db.kysely.selectFrom('newsletter_coupon').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  expect(coupon).toMatchObject({ used_at: '2026-11-21T12:00:00.000Z', order_id: placed.body.result.backendOrderId });

  // Used: refused by any cart; the other cart's stored code gives nothing any more.
  const thirdCart = await cartWith(valve.sku, 1);
  expect((await call('POST', `/api/cart/apply-coupon?cartId=${thirdCart}&coupon=${code}`)).body).toEqual({
    code: 400,
    result: "You've entered an incorrect coupon code",
  });
  expect((await call('GET', `/api/cart/totals?cartId=${otherCart}`)).body.result).toMatchObject({ discount_amount: 0 });
  // A look-alike that was never issued is refused too.
  expect((await call('POST', `/api/cart/apply-coupon?cartId=${thirdCart}&coupon=NL10-2222-2222`)).status).toBe(400);
});

test('two orders racing for one coupon: one gets the discount, the other is refused or pays in full', async () => {
  const code = await subscribed('racer@example.pl');
  const valve = plainValve(server);
  const carts = [await cartWith(valve.sku, 1), await cartWith(valve.sku, 1)];
  for (const cartId of carts) expect((await call('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=${code}`)).status).toBe(200);
  const results = await Promise.all(carts.map((cartId) => call('POST', '/api/order', orderBody(cartId))));
  const orders = await server.db.kysely.selectFrom('sales_order').select(['id', 'totals']).where('cart_id', 'in', carts).execute();
  const discounted = orders.filter((order) => JSON.parse(order.totals).coupon_code === code);
  expect(discounted).toHaveLength(1);
  for (const result of results) {
    if (result.status !== 200) expect(result.body).toEqual({ code: 400, result: "You've entered an incorrect coupon code" });
  }
  expect((await server.db.kysely.selectFrom('newsletter_coupon').select('order_id').where('code', '=', code).executeTakeFirstOrThrow()).order_id).toBe(
    discounted[0].id,
  );
});

test("an order whose coupon another order took after it was priced is refused with the spec's message, and nothing changes", async () => {
  const code = await subscribed('stale.read@example.pl');
  const valve = plainValve(server);
  const [mine, theirs] = [await cartWith(valve.sku, 1), await cartWith(valve.sku, 1)];
  for (const cartId of [mine, theirs]) expect((await call('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=${code}`)).status).toBe(200);
  expect((await call('POST', '/api/order', orderBody(theirs))).status).toBe(200);

  // My order was priced before theirs took the code (a stale read): the redemption inside my transaction refuses it.
  const clock = () => new Date('2026-11-21T12:00:00Z');
  const real = new NewsletterCoupons(server.db, clock);
  const stale: IssuedCoupons = { find: async (found) => newsletterCoupon(found), redeem: (trx, found, orderId) => real.redeem(trx, found, orderId) };
  const carts = new Carts(server.db, server.app.catalog, clock, stale);
  const stock = () => server.db.kysely.selectFrom('stock_item').select('qty').where('sku', '=', valve.sku).executeTakeFirstOrThrow();
  const before = await stock();
  await expect(
    new Orders(server.db, carts, clock).place({
      clientOrderId: 'stale-coupon-order',
      cart: await carts.find(mine, null),
      customerId: null,
      groupId: 0,
      shippingAddress: ADDRESS,
      shippingMethod: 'courier_courier',
      paymentMethod: 'cashondelivery',
    }),
  ).rejects.toMatchObject({ statusCode: 400, message: "You've entered an incorrect coupon code" });
  expect(await server.db.kysely.selectFrom('sales_order').select('id').where('client_order_id', '=', 'stale-coupon-order').execute()).toEqual([]);
  expect(await stock()).toEqual(before);
  expect(await server.db.kysely.selectFrom('cart_item').select('sku').where('cart_id', '=', mine).execute()).toEqual([{ sku: valve.sku }]);
});

test('the footer form (urlencoded, no JavaScript): 303 back to the page it came from with the outcome; consent needed', async () => {
  const page = `${server.baseUrl}/c/grzejniki-lazienkowe?sort=price`;
  const email = 'form.user@example.pl';
  const consent = { consent: 'yes', consent_version: NEWSLETTER_CONSENT.version };
  expect(await postForm({ email, ...consent }, page)).toEqual({ status: 303, location: '/c/grzejniki-lazienkowe?newsletter=check-inbox#newsletter' });
  expect(await consentsOf(email)).toEqual([expect.objectContaining({ source: 'footer', consent_version: NEWSLETTER_CONSENT.version })]);
  expect(mailsTo(email)).toHaveLength(1);
  expect(await status(email)).toBe('pending'); // "check your inbox", not subscribed
  expect((await postForm({ email, ...consent }, page)).location).toBe('/c/grzejniki-lazienkowe?newsletter=check-inbox#newsletter');
  expect(mailsTo(email)).toHaveLength(1);
  await open(local(linkIn(mailsTo(email)[0])!));
  // The home page's own form is answered in that form (its anchor), not in the footer's.
  expect((await postForm({ email, ...consent, source: 'home' }, `${server.baseUrl}/`)).location).toBe(
    '/?newsletter=already&newsletter_form=home#newsletter-home',
  );

  const other = 'form.other@example.pl';
  expect((await postForm({ email: other }, page)).location).toBe('/c/grzejniki-lazienkowe?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other, consent: '' }, page)).location).toBe('/c/grzejniki-lazienkowe?newsletter=no-consent#newsletter');
  expect((await postForm({ email: 'anna@', ...consent }, page)).location).toBe('/c/grzejniki-lazienkowe?newsletter=invalid-email#newsletter');
  expect((await postForm({ ...consent }, page)).location).toBe('/c/grzejniki-lazienkowe?newsletter=invalid-email#newsletter');
  expect(await subscriberOf(other)).toBeUndefined();

  // Back only to this shop's own pages, by path: another origin, no Referer, `//host`, an API address → elsewhere safe.
  expect((await postForm({ email: other }, 'https://evil.example/phish')).location).toBe('/?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other })).location).toBe('/?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other }, `${server.baseUrl}//evil.example/x`)).location).toBe('/evil.example/x?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other }, `${server.baseUrl}/api/cart/pull`)).location).toBe('/?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other }, 'https://sklep.kaloryfer.test/porady')).location).toBe('/porady?newsletter=no-consent#newsletter');
  expect((await postForm({ email: other }, 'javascript:alert(1)')).location).toBe('/?newsletter=no-consent#newsletter');

  // An old page's consent version is recorded as it was shown; a made-up one as today's wording (which the e-mail quotes).
  await postForm({ email: other, consent: 'on', consent_version: 'made-up', source: 'nowhere' }, page);
  expect(await consentsOf(other)).toEqual([expect.objectContaining({ consent_version: NEWSLETTER_CONSENT.version, source: 'footer' })]);

  // The urlencoded parser is this route's only: the JSON endpoints refuse form bodies.
  const urlencoded = await fetch(`${server.baseUrl}/api/ext/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=a%40b.pl',
  });
  expect(urlencoded.status).toBe(415);
});

test("bad input → 400 with the spec's message, never 500, nothing stored", async () => {
  for (const [method, url, body, message] of [
    ['GET', '/api/ext/newsletter', undefined, 'Field is required'],
    ['GET', '/api/ext/newsletter?email=anna@', undefined, 'Please provide valid e-mail address'],
    ['POST', '/api/ext/newsletter', { email: 'anna@@example.pl' }, 'Please provide valid e-mail address'],
    ['POST', '/api/ext/newsletter', { email: `${'a'.repeat(250)}@x.pl` }, 'Please provide valid e-mail address'],
    ['POST', '/api/ext/newsletter', {}, 'Field is required'],
    ['POST', '/api/ext/newsletter', { email: 'ok@example.pl', consentVersion: '1999-01-01' }, 'Unknown consent version'],
    ['DELETE', '/api/ext/newsletter', { email: 'nope' }, 'Please provide valid e-mail address'],
  ] as const) {
    const answer = await call(method, url, body);
    expect([url, answer]).toEqual([url, { status: 400, body: { code: 400, result: message } }]);
  }
  for (const [method, body] of [
    ['POST', '{"email":'],
    ['POST', { email: 'ok@example.pl', source: 'billboard' }],
    ['POST', { email: { $ne: 1 } }],
    ['POST', 'null'],
  ] as const) {
    const answer = await call(method, '/api/ext/newsletter', body);
    expect(answer.status).toBe(400);
  }
  expect(await subscriberOf('ok@example.pl')).toBeUndefined();
});

test("VSF 1.12's address answers the same calls", async () => {
  const email = 'vsf.client@example.pl';
  expect((await call('POST', '/api/ext/mailchimp-subscribe/subscribe', { email })).body.result).toBe('pending');
  expect((await call('GET', `/api/ext/mailchimp-subscribe/subscribe?email=${email}`)).body.result).toBe('pending');
  await open(local(linkIn(mailsTo(email)[0])!));
  expect((await call('GET', `/api/ext/mailchimp-subscribe/subscribe?email=${email}`)).body).toEqual({ code: 200, result: 'subscribed' });
  expect((await call('DELETE', '/api/ext/mailchimp-subscribe/subscribe', { email })).body.result).toBe('unsubscribed');
});

test('a configured marketing-automation URL gets DELETE {email}; a failure is repeated until answered', async () => {
  const received: { method: string; type: string; body: string }[] = [];
  let failures = 2;
  const endpoint = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method!, type: request.headers['content-type'] ?? '', body });
      response.statusCode = failures-- > 0 ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/automation/subscribers`;
  const logged: string[] = [];
  const hook = new MarketingHook(
    () => url,
    (message) => logged.push(message),
    [5, 5, 5],
  );
  try {
    expect(await hook.unsubscribed('anna@example.pl')).toBe(false); // the first attempt answered 503
    await hook.drain();
    expect(received).toEqual(Array(3).fill({ method: 'DELETE', type: 'application/json', body: '{"email":"anna@example.pl"}' }));
    expect(logged).toHaveLength(2);
    expect(await hook.unsubscribed('jan@example.pl')).toBe(true);
  } finally {
    hook.stop();
    await new Promise((resolve) => endpoint.close(resolve));
  }
});

test("the newsletter form posted from another site is refused (CSRF): nobody is signed up by someone else's page", async () => {
  const email = 'csrf@example.pl';
  const fields = { email, consent: 'yes', consent_version: '1' };
  const refused = await postForm(fields, 'https://elsewhere.example/', { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' });
  expect(refused.status).toBe(403);
  expect(await status(email)).toBe('unsubscribed');
  const own = await postForm(fields, `${server.baseUrl}/`, { 'sec-fetch-site': 'same-origin', origin: server.baseUrl });
  expect(own.status).toBe(303);
});
