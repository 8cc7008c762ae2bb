import { Writable } from 'node:stream';

/**
 * The API's JSON log lines made readable for a person at a terminal (`npm start` on a TTY; the
 * role pino-pretty plays, in the few lines this shop needs): `12:04:31 message`, a request as
 * `12:04:31 GET /api/cart/pull 200 1.2 ms`, warnings and errors marked and coloured with the
 * error's first stack lines. Machines keep the JSON: the cluster, production and any stdout that
 * is not a terminal get pino's lines unchanged.
 */
export function humanLogStream(out: NodeJS.WritableStream, options: { color: boolean }): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${humanLogLine(line, options)}\n`);
      done();
    },
  });
}

const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\x1b[90m' },
  20: { name: 'DEBUG', color: '\x1b[90m' },
  30: { name: '', color: '' },
  40: { name: 'WARNING', color: '\x1b[33m' },
  50: { name: 'ERROR', color: '\x1b[31m' },
  60: { name: 'FATAL', color: '\x1b[31m' },
};
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';
/** Fields every line has, or that the line's own shape already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
const STACK_LINES = 4;

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/** One JSON log line as text for a person; a line that is not JSON passes as it is. */
export function humanLogLine(line: string, { color }: { color: boolean }): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line;
  }
  if (typeof record !== 'object' || record === null) return line;
  const paint = (code: string, text: string) => (color && code ? `${code}${text}${RESET}` : text);
  const level = LEVELS[record.level ?? 30] ?? LEVELS[30];
  const time = paint(DIM, clock(record.time));
  const status = record.res?.statusCode;
  let text: string;
  if (record.req?.method && status !== undefined && record.msg === 'request completed') {
    const statusColor = status >= 500 ? LEVELS[50].color : status >= 400 ? LEVELS[40].color : '';
    const ms = typeof record.responseTime === 'number' ? ` ${record.responseTime.toFixed(1)} ms` : '';
    text = `${record.req.method} ${record.req.url ?? ''} ${paint(statusColor, String(status))}${paint(DIM, ms)}`;
  } else {
    const label = level.name ? `${paint(level.color, level.name)} ` : '';
    text = `${label}${level.name && level.name !== 'DEBUG' ? paint(level.color, record.msg ?? '') : (record.msg ?? '')}`;
    if (record.req?.method) text += paint(DIM, ` (${record.req.method} ${record.req.url ?? ''}${status !== undefined ? ` → ${status}` : ''})`);
  }
  const extra = Object.fromEntries(Object.entries(record).filter(([key]) => !SHOWN.has(key)));
  if (Object.keys(extra).length > 0) text += paint(DIM, ` ${JSON.stringify(extra)}`);
  if (record.err && (record.level ?? 30) >= 40) {
    const stack = (record.err.stack || `${record.err.type ?? 'Error'}: ${record.err.message ?? ''}`).split('\n').slice(0, STACK_LINES);
    text += `\n${stack.map((frame) => `    ${frame.trim()}`).join('\n')}`;
  }
  return `${time} ${text}`;
}

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
