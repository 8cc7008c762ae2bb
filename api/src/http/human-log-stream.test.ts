import { PassThrough } from 'node:stream';
import { humanLogLine, humanLogStream } from './human-log-stream';

const at = new Date(2026, 11, 2, 21, 4, 31).getTime();
const plain = { color: false };

describe('humanLogLine: a JSON log line as a person reads it', () => {
  it.each([
    {
      name: 'a request',
      record: { level: 20, time: at, msg: 'request completed', req: { method: 'GET', url: '/api/cart/pull' }, res: { statusCode: 200 }, responseTime: 1.234 },
      text: '21:04:31 GET /api/cart/pull 200 1.2 ms',
    },
    {
      name: 'an info line',
      record: { level: 30, time: at, pid: 7, hostname: 'vm', msg: 'Server listening at http://127.0.0.1:3000' },
      text: '21:04:31 Server listening at http://127.0.0.1:3000',
    },
    { name: 'a warning, marked', record: { level: 40, time: at, msg: 'region content fell back' }, text: '21:04:31 WARNING region content fell back' },
    { name: 'fields beyond the usual, kept', record: { level: 30, time: at, msg: 'SEO files', written: 19 }, text: '21:04:31 SEO files {"written":19}' },
  ])('$name', ({ record, text }) => {
    expect(humanLogLine(JSON.stringify(record), plain)).toBe(text);
  });

  it('an error shows its first stack lines under it', () => {
    const err = {
      type: 'Error',
      message: 'boom',
      stack: 'Error: boom\n    at render (render.js:1:2)\n    at a (b.js:3:4)\n    at c (d.js:5:6)\n    at e (f.js:7:8)',
    };
    const text = humanLogLine(JSON.stringify({ level: 50, time: at, msg: 'boom', err }), plain);
    expect(text.split('\n')).toEqual(['21:04:31 ERROR boom', '    Error: boom', '    at render (render.js:1:2)', '    at a (b.js:3:4)', '    at c (d.js:5:6)']);
  });

  it('colours warnings and server errors on a terminal that takes colours', () => {
    expect(humanLogLine(JSON.stringify({ level: 40, time: at, msg: 'slow' }), { color: true })).toContain('\x1b[33mWARNING\x1b[0m');
    const request = { level: 20, time: at, msg: 'request completed', req: { method: 'GET', url: '/' }, res: { statusCode: 503 }, responseTime: 2 };
    expect(humanLogLine(JSON.stringify(request), { color: true })).toContain('\x1b[31m503\x1b[0m');
  });

  it('passes a line that is not JSON as it is', () => {
    expect(humanLogLine('plain words', plain)).toBe('plain words');
  });
});

test('humanLogStream rewrites whole lines, however the writes split them', () => {
  const out = new PassThrough();
  const stream = humanLogStream(out, plain);
  const line = JSON.stringify({ level: 30, time: at, msg: 'hello' });
  stream.write(line.slice(0, 10));
  stream.write(`${line.slice(10)}\n${line}\n`);
  expect(out.read()?.toString()).toBe('21:04:31 hello\n21:04:31 hello\n');
});
