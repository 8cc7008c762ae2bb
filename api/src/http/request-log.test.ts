import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { RequestLinesAtDebug } from './request-log';

/** A Fastify app logging to memory at `level`, with the shop's request lines for a watched terminal. */
async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLinesAtDebug() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/bad', async (_request, reply) => reply.code(400).send({ error: 'bad input' }));
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return { app, lines };
}

const messages = (lines: Record<string, unknown>[]) => lines.map((line) => line.msg);

test('at info a watched shop writes no line for a good request, a 4xx or an unknown route', async () => {
  const { app, lines } = await appAt('info');
  await app.inject('/ok');
  await app.inject('/bad');
  await app.inject('/nowhere');
  expect(lines).toEqual([]);
  await app.close();
});

test('at info a 5xx still writes its error with the stack', async () => {
  const { app, lines } = await appAt('info');
  await app.inject('/broken');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 50, msg: 'the database went away', err: { message: 'the database went away' } });
  await app.close();
});

test('at debug every request is one line: method, URL, status and time', async () => {
  const { app, lines } = await appAt('debug');
  await app.inject('/ok');
  await app.inject('/bad');
  const completed = lines.filter((line) => line.msg === 'request completed');
  expect(completed).toHaveLength(2);
  expect(completed[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
  expect(completed[1]).toMatchObject({ res: { statusCode: 400 } });
  expect(messages(lines)).not.toContain('incoming request');
  await app.close();
});
