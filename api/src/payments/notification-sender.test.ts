import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotificationSender } from './notification-sender';

/** A shop's notify endpoint that answers the statuses given, in turn (then 200). */
async function endpoint(statuses: number[]) {
  const received: { body: string; signature: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, signature: request.headers['openpayu-signature'] as string | undefined });
      response.statusCode = statuses[received.length - 1] ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test.each<[string, number[], number[], number]>([
  ['answered 200 at once', [200], [0, 5, 5], 1],
  ['500, 503, then 200: repeated until answered', [500, 503, 200], [0, 5, 5, 5], 3],
  ['never 200: gives up after its schedule', [500, 500, 500, 500], [0, 5, 5], 3],
  ['401 (the shop refused the signature) is not an answer either', [401, 200], [0, 5], 2],
])('%s', async (_label, statuses, delays, attempts) => {
  const shop = await endpoint(statuses);
  const log: string[] = [];
  const sender = new NotificationSender(delays, (message) => log.push(message));
  sender.send({ url: shop.url, body: '{"order":{}}', headers: { 'openpayu-signature': 'sender=sandbox;signature=ab;algorithm=SHA-256' } });
  await sender.drain();
  await shop.close();
  expect(shop.received).toHaveLength(attempts);
  expect(shop.received.every((call) => call.body === '{"order":{}}' && call.signature?.startsWith('sender=sandbox'))).toBe(true);
  expect(log.some((line) => line.includes('gave up'))).toBe(statuses.slice(0, delays.length).every((status) => status !== 200));
});

test('stop() ends waiting deliveries (the server is shutting down)', async () => {
  const shop = await endpoint([500]);
  const sender = new NotificationSender([0, 60_000]);
  sender.send({ url: shop.url, body: '{}', headers: {} });
  await new Promise((resolve) => setTimeout(resolve, 100));
  sender.stop();
  await sender.drain();
  await shop.close();
  expect(shop.received).toHaveLength(1);
});
