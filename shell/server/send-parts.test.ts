/** @jest-environment node */
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { utf8Of, type PagePart } from './html';
import { sendParts } from './send-parts';

const shared = Buffer.from(`<main>${'Grzejnik łazienkowy 500×1200 — biały. '.repeat(2000)}</main>`, 'utf8');
const parts: PagePart[] = [
  '<!doctype html><html lang="pl"><head><title>Grzejnik ',
  'łazienkowy</title>',
  Buffer.alloc(0),
  '</head><body>',
  shared,
  '<p>Cena: 1 299,00 zł</p>',
  '</body></html>',
];

let app: FastifyInstance;
let base: string;
const finished: { status: number; url: string }[] = [];
/** What each answer's socket was given to write: a write's chunk, or a writev's chunks. */
const writes: unknown[][] = [];
const watched = new WeakSet<Socket>();

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-from-a-hook', 'yes');
    const socket = request.raw.socket as Socket & {
      _write: (chunk: unknown, encoding: string, callback: () => void) => void;
      _writev: (chunks: { chunk: unknown }[], callback: () => void) => void;
    };
    if (watched.has(socket)) return; // a kept-alive connection's next request
    watched.add(socket);
    const [write, writev] = [socket._write.bind(socket), socket._writev.bind(socket)];
    socket._write = (chunk, encoding, callback) => {
      writes.push([chunk]);
      write(chunk, encoding, callback);
    };
    socket._writev = (chunks, callback) => {
      writes.push(chunks.map((entry) => entry.chunk));
      writev(chunks, callback);
    };
  });
  app.addHook('onResponse', async (request, reply) => {
    finished.push({ status: reply.statusCode, url: request.url });
  });
  app.get('/page', async (_request, reply) => {
    reply.raw.setHeader('content-security-policy', "default-src 'self'");
    reply.code(404).header('content-type', 'text/html; charset=utf-8');
    sendParts(reply, parts);
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());
beforeEach(() => {
  finished.length = 0;
  writes.length = 0;
});

test('the parts arrive as one body of their UTF-8 bytes, with its length, the status and every header set before', async () => {
  const response = await fetch(`${base}/page`);
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.equals(utf8Of(parts))).toBe(true);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-length')).toBe(String(utf8Of(parts).length));
  expect(response.headers.get('transfer-encoding')).toBeNull();
  expect(response.headers.get('x-from-a-hook')).toBe('yes');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  // fastify's onResponse hooks (metrics, the request log, the request's span) still see the answer end.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(finished).toEqual([{ status: 404, url: '/page' }]);
});

test('written in one writev: texts joined per run, the shared Buffer itself — not a copy', async () => {
  await (await fetch(`${base}/page`)).arrayBuffer();
  expect(writes).toHaveLength(1);
  const [chunks] = writes;
  expect(chunks.filter((chunk) => chunk === shared)).toHaveLength(1);
  expect(chunks.filter((chunk) => Buffer.isBuffer(chunk) && chunk.length > 1000 && chunk !== shared)).toEqual([]);
  expect(chunks).toHaveLength(3); // the headers with the first run of text, the shared Buffer, the last run
  expect(chunks[2]).toBe('<p>Cena: 1 299,00 zł</p></body></html>');
});

test('HEAD: the length a GET would have, and no body', async () => {
  const response = await fetch(`${base}/page`, { method: 'HEAD' });
  expect(response.headers.get('content-length')).toBe(String(utf8Of(parts).length));
  expect(await response.text()).toBe('');
});
