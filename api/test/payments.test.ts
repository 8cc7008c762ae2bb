import fs from 'node:fs';
import path from 'node:path';
import type { Product } from '@kaloryfer/api-contract';
import { signatureHeader } from '../src/payments/signature';
import { startTestServer, TEST_SEED, type TestServer } from '../harness/test-server';
import { orderClient, plainValve } from './order-helpers';

/**
 * Online payment over HTTP, the sandbox gateway playing PayU: the order answers a redirect to the
 * sandbox page; the shopper's decision there makes the sandbox notify the shop server-to-server
 * (signed) and sends the browser back to the thank-you page. Only verified notifications count.
 */
let server: TestServer;
let valve: Product;
const { call, cartWith, orderBody } = orderClient(() => server);

beforeAll(async () => {
  server = await startTestServer({ seed: TEST_SEED });
  valve = plainValve(server);
});
afterAll(() => server.close());

/** The sandbox page is on the public origin; here it is this test server. */
const local = (url: string) => url.replace('https://sklep.kaloryfer.test', server.baseUrl);
const tokenOf = (redirect: string) => new URL(redirect).searchParams.get('t')!;
const keyFile = () => fs.readFileSync(path.join(server.varDir, 'payment-key'));

async function placeOnline(method = 'payu_gateway') {
  const body = orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: method });
  const placed = await call('POST', '/api/order', body);
  expect(placed.status).toBe(200);
  return { ...(placed.body.result as { orderNumber: string; paymentRedirect: string; grandTotal: number }), clientOrderId: body.order.order_id };
}

async function decide(redirect: string, form: Record<string, string>) {
  const response = await fetch(server.baseUrl + new URL(redirect).pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: tokenOf(redirect), ...form }).toString(),
  });
  await server.app.paymentNotifications.drain();
  return response;
}

const statusOf = async (order: { orderNumber: string; clientOrderId: string }) =>
  (await call('GET', `/api/order/status?order_increment_id=${order.orderNumber}&order_id=${order.clientOrderId}`)).body.result;

function notification(order: { orderNumber: string; grandTotal: number }, gatewayOrderId: string, status: string, amount = Math.round(order.grandTotal * 100)) {
  return JSON.stringify({ order: { orderId: gatewayOrderId, extOrderId: order.orderNumber, totalAmount: String(amount), currencyCode: 'PLN', status } });
}
const notify = (body: string, key: Buffer | null) =>
  fetch(`${server.baseUrl}/api/payment/notify`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(key ? { 'openpayu-signature': signatureHeader(body, key, 'sandbox') } : {}) },
  });
const gatewayIdOf = async (orderNumber: string) =>
  (
    await server.db.kysely
      .selectFrom('payment')
      .innerJoin('sales_order', 'sales_order.id', 'payment.order_id')
      .select(['gateway_order_id'])
      .where('increment_id', '=', orderNumber)
      .orderBy('payment.id', 'desc')
      .executeTakeFirstOrThrow()
  ).gateway_order_id;

test('paying in the sandbox: redirect to its page, pay, back to the thank-you page; the signed notification marks the order paid', async () => {
  const order = await placeOnline();
  expect(order.paymentRedirect).toMatch(/^https:\/\/sklep\.kaloryfer\.test\/sandbox-gateway\/pay\?t=/);
  expect(await statusOf(order)).toMatchObject({ orderNumber: order.orderNumber, status: 'pending_payment', paymentState: 'awaiting' });

  const page = await fetch(local(order.paymentRedirect));
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain(order.orderNumber);
  expect(html).toContain(new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(order.grandTotal));

  const back = await decide(order.paymentRedirect, { action: 'pay' });
  expect(back.status).toBe(303);
  expect(back.headers.get('location')).toBe(`https://sklep.kaloryfer.test/thank-you-page?order_increment_id=${order.orderNumber}`);
  expect(await statusOf(order)).toMatchObject({ status: 'processing', paymentState: 'paid', paymentMethod: { code: 'payu_gateway', offline: false } });
});

test('a declined payment: back with error=501, the order failed; a retry is a new attempt that can succeed', async () => {
  const order = await placeOnline();
  const back = await decide(order.paymentRedirect, { action: 'fail' });
  expect(back.headers.get('location')).toBe(`https://sklep.kaloryfer.test/thank-you-page?order_increment_id=${order.orderNumber}&error=501`);
  expect(await statusOf(order)).toMatchObject({ status: 'pending_payment', paymentState: 'failed' });

  const retry = await call('POST', '/api/order/payment', { order_increment_id: order.orderNumber, order_id: order.clientOrderId });
  expect(retry.status).toBe(200);
  expect(tokenOf(retry.body.result.paymentRedirect)).not.toBe(tokenOf(order.paymentRedirect));
  expect(await statusOf(order)).toMatchObject({ paymentState: 'awaiting' });
  // Asking again while that attempt is open gives the same page (a double click is one attempt).
  expect((await call('POST', '/api/order/payment', { order_increment_id: order.orderNumber, order_id: order.clientOrderId })).body.result.paymentRedirect).toBe(
    retry.body.result.paymentRedirect,
  );
  await decide(retry.body.result.paymentRedirect, { action: 'pay' });
  expect(await statusOf(order)).toMatchObject({ paymentState: 'paid' });
  // Paid: no further attempts.
  expect((await call('POST', '/api/order/payment', { order_increment_id: order.orderNumber, order_id: order.clientOrderId })).status).toBe(409);
});

test('BLIK: the sandbox wants a 6-digit code before it authorises', async () => {
  const order = await placeOnline('payu_blik');
  expect(await (await fetch(local(order.paymentRedirect))).text()).toContain('Kod BLIK');
  const without = await decide(order.paymentRedirect, { action: 'pay', blik: '12 34' });
  expect(without.status).toBe(400);
  expect(await without.text()).toContain('Wpisz 6-cyfrowy kod BLIK');
  expect(await statusOf(order)).toMatchObject({ paymentState: 'awaiting' });
  expect((await decide(order.paymentRedirect, { action: 'pay', blik: '777123' })).status).toBe(303);
  expect(await statusOf(order)).toMatchObject({ paymentState: 'paid' });
});

test('forged notifications are refused and change nothing: no signature, another key, an altered body', async () => {
  const order = await placeOnline();
  const gatewayOrderId = await gatewayIdOf(order.orderNumber);
  const completed = notification(order, gatewayOrderId, 'COMPLETED');
  expect((await notify(completed, null)).status).toBe(401);
  expect((await notify(completed, Buffer.from('not the shop key'))).status).toBe(401);
  const signedCancel = notification(order, gatewayOrderId, 'CANCELED');
  const altered = await fetch(`${server.baseUrl}/api/payment/notify`, {
    method: 'POST',
    body: completed,
    headers: { 'content-type': 'application/json', 'openpayu-signature': signatureHeader(signedCancel, keyFile(), 'sandbox') },
  });
  expect(altered.status).toBe(401);
  expect((await notify('not json', keyFile())).status).toBe(401);
  expect(await statusOf(order)).toMatchObject({ paymentState: 'awaiting' });
  expect(await server.db.kysely.selectFrom('payment_notification').selectAll().where('gateway_order_id', '=', gatewayOrderId).execute()).toEqual([]);
});

test('replayed and late notifications are answered 200 and change nothing; a signed one about another amount is ignored', async () => {
  const order = await placeOnline();
  const gatewayOrderId = await gatewayIdOf(order.orderNumber);
  const wrongAmount = await notify(notification(order, gatewayOrderId, 'COMPLETED', 1), keyFile());
  expect(wrongAmount.status).toBe(200);
  expect((await wrongAmount.json()).result).toBe('ignored');
  expect(await statusOf(order)).toMatchObject({ paymentState: 'awaiting' });

  const completed = notification(order, gatewayOrderId, 'COMPLETED');
  const outcomes = [];
  for (const body of [completed, completed, notification(order, gatewayOrderId, 'CANCELED')]) {
    const response = await notify(body, keyFile());
    expect(response.status).toBe(200);
    outcomes.push((await response.json()).result);
  }
  expect(outcomes).toEqual(['applied', 'unchanged', 'unchanged']);
  expect(await statusOf(order)).toMatchObject({ status: 'processing', paymentState: 'paid' });
  const log = await server.db.kysely
    .selectFrom('payment_notification')
    .select(['status', 'outcome'])
    .where('gateway_order_id', '=', gatewayOrderId)
    .orderBy('id')
    .execute();
  expect(log.map((row) => `${row.status}:${row.outcome}`)).toEqual(['COMPLETED:ignored', 'COMPLETED:applied', 'COMPLETED:unchanged', 'CANCELED:unchanged']);
});

test('placing the same online order twice sends the shopper to one payment; offline methods have none', async () => {
  const body = orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: 'payu_card' });
  const [first, second] = [await call('POST', '/api/order', body), await call('POST', '/api/order', body)];
  expect(second.body.result.paymentRedirect).toBe(first.body.result.paymentRedirect);
  const offline = orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: 'banktransfer' });
  const placed = await call('POST', '/api/order', offline);
  expect(placed.body.result.paymentRedirect).toBeUndefined();
  const retry = await call('POST', '/api/order/payment', { order_increment_id: placed.body.result.orderNumber, order_id: offline.order.order_id });
  expect(retry.status).toBe(400);
});

test('an instant-checkout wallet pays through the gateway, but never with carried-in transport (flatrateone, spec §9)', async () => {
  const wallet = await call('POST', '/api/order', orderBody(await cartWith(valve.sku, 1), {}, { payment_method_code: 'payu_googlepay' }));
  expect(wallet.status).toBe(200);
  expect(wallet.body.result).toMatchObject({ paymentState: 'awaiting', paymentRedirect: expect.stringContaining('/sandbox-gateway/pay?t=') });
  const carried = await call(
    'POST',
    '/api/order',
    orderBody(
      await cartWith(valve.sku, 1),
      {},
      {
        payment_method_code: 'payu_applepay',
        shipping_carrier_code: 'flatrateone',
        shipping_method_code: 'flatrateone',
      },
    ),
  );
  expect([carried.status, carried.body.result]).toEqual([400, 'Payment method payu_applepay is not available for the cart']);
});

test('the order as the thank-you page sees it needs the client order id; bad input is a 4xx', async () => {
  const order = await placeOnline();
  const summary = await statusOf(order);
  expect(summary).toMatchObject({
    email: 'anna.kowalska@example.pl',
    grandTotal: order.grandTotal,
    shippingMethod: { code: 'courier_courier' },
    items: [{ sku: valve.sku, qty: 1, name: valve.name }],
  });
  expect(summary.id).toBeUndefined();
  expect(summary.segments.map((segment: { code: string }) => segment.code)).toContain('grand_total');
  for (const [query, status] of [
    [`order_increment_id=${order.orderNumber}&order_id=someone-elses-id`, 404],
    [`order_increment_id=${order.orderNumber}`, 400],
    [`order_increment_id=12&order_id=${order.clientOrderId}`, 400],
  ] as const)
    expect((await call('GET', `/api/order/status?${query}`)).status).toBe(status);
  expect((await fetch(`${server.baseUrl}/sandbox-gateway/pay?t=${tokenOf(order.paymentRedirect).replace(/.$/, 'A')}x`)).status).toBe(404);
});

test('each new order leaves its confirmation e-mail in the outbox (var/mail), in Polish, once', async () => {
  const mailDir = path.join(server.varDir, 'mail');
  await server.app.mailOutbox.drain(); // the earlier tests' confirmations are out before counting
  const before = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0;
  const body = orderBody(await cartWith(valve.sku, 2), {}, { payment_method_code: 'banktransfer' });
  const placed = (await call('POST', '/api/order', body)).body.result;
  await call('POST', '/api/order', body);
  await server.app.mailOutbox.drain(); // queued with the order, sent by the mail worker right after the commit
  const files = fs.readdirSync(mailDir).sort();
  expect(files).toHaveLength(before + 1);
  const file = files.find((name) => name.includes(placed.orderNumber))!;
  expect(file).toMatch(new RegExp(`-potwierdzenie-zamowienia-${placed.orderNumber}-kaloryfer\\.eml$`));
  const mail = fs.readFileSync(path.join(mailDir, file), 'utf8').replace(/\r\n/g, '\n'); // .eml lines end CRLF
  expect(mail).toMatch(/^To: anna\.kowalska@example\.pl$/m);
  // RFC 2047: a folded header of encoded words; adjacent words join without the space between them.
  const header = (/^Subject: (.*(?:\n[ \t].*)*)/m.exec(mail)?.[1] ?? '').replace(/\?=\s+=\?/g, '?==?').replace(/\n[ \t]+/g, ' ');
  const subject = header.replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_word, text: string) => quotedPrintable(text.replace(/_/g, ' ')));
  expect(subject).toBe(`Potwierdzenie zamówienia ${placed.orderNumber} – Kaloryfer`);
  const text = quotedPrintable(mail);
  expect(text).toContain(`Dziękujemy za zamówienie nr ${placed.orderNumber}.`);
  expect(text).toContain('PL61 1090 1014 0000 0712 1981 2874');
});

/** Quoted-printable (RFC 2045) back to UTF-8 text: soft line breaks joined, =XX bytes decoded. */
function quotedPrintable(encoded: string): string {
  const bytes = encoded
    .replace(/=\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-F]{2})/g, '%$1');
  return decodeURIComponent(bytes);
}

test('company data by NIP from the register: found, unknown, invalid', async () => {
  expect((await call('GET', '/api/company?nip=526-104-08-28')).body.result).toMatchObject({
    name: 'Główny Urząd Statystyczny',
    regon: '000331501',
    city: 'Warszawa',
  });
  expect((await call('GET', '/api/company?nip=1132456789')).body).toEqual({ code: 200, result: null });
  expect((await call('GET', '/api/company?nip=5261040827')).status).toBe(400);
  expect((await call('GET', '/api/company')).status).toBe(400);
});
