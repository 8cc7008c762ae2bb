import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../postgres-server';
import { haproxyConfig } from './haproxy-config';
import { endProcess, exitOf, portTaken, tail } from './processes';

/**
 * The cluster's balancer: HAProxy from the distribution as a child process, its configuration
 * written by haproxy-config.ts, its servers' states read from its statistics page, commands sent
 * through its runtime API.
 */
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export interface ServerState {
  name: string;
  /** HAProxy's: UP, DOWN, `UP 1/2` (going down), `DOWN 1/2` (going up), MAINT… */
  status: string;
  /** The last health check's result (L7OK, L4CON, L7STS…). */
  check: string;
  /** Requests sent to it, retries and redispatches away from it, 5xx it answered. */
  requests: number;
  retries: number;
  redispatches: number;
  http5xx: number;
}

export interface Balancer {
  url: string;
  port: number;
  pid: number;
  configFile: string;
  /** HAProxy's statistics page (HTML; `;csv` for machines). */
  statsUrl: string;
  /** The backend's servers as HAProxy sees them now, and the backend's own totals as `name: 'BACKEND'`. */
  servers(): Promise<ServerState[]>;
  /** A command of HAProxy's runtime API (`set server instances/api1 state drain`); answers its output. */
  command(line: string): Promise<string>;
  /** Resolves once `test` holds for the servers' states (or rejects after `timeoutMs`). */
  waitUntil(test: (servers: ServerState[]) => boolean, timeoutMs?: number): Promise<ServerState[]>;
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** The backend's rows of HAProxy's statistics CSV. */
function parseStats(csv: string): ServerState[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? '';
  return rows
    .map((line) => line.split(','))
    .filter((row) => at(row, 'pxname') === 'instances')
    .map((row) => ({
      name: at(row, 'svname'),
      status: at(row, 'status'),
      check: at(row, 'check_status'),
      requests: Number(at(row, 'stot')) || 0,
      retries: Number(at(row, 'wretr')) || 0,
      redispatches: Number(at(row, 'wredis')) || 0,
      http5xx: Number(at(row, 'hrsp_5xx')) || 0,
    }));
}

/** HAProxy in the foreground (`-db`) as a child of this process, in front of `servers`. */
export async function startBalancer(options: {
  port: number;
  host?: string;
  servers: { name: string; port: number }[];
  runDir: string;
  name?: string;
}): Promise<Balancer> {
  if (!fs.existsSync(HAPROXY_BIN)) throw new Error(`HAProxy not found at ${HAPROXY_BIN}: apt-get install -y haproxy (or set HAPROXY_BIN)`);
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort());
  if (await portTaken(port, host === '0.0.0.0' ? '127.0.0.1' : host))
    throw new Error(`port ${port} is taken: is the shop already running? (CLUSTER_PORT chooses another)`);
  const statsPort = await freePort();
  const name = options.name ?? 'haproxy';
  const configFile = path.join(options.runDir, `${name}.cfg`);
  const socket = path.join(options.runDir, `${name}.sock`);
  fs.writeFileSync(
    configFile,
    haproxyConfig({
      bind: `${host}:${port}`,
      stats: `127.0.0.1:${statsPort}`,
      socket,
      servers: options.servers.map((server) => ({ name: server.name, address: `127.0.0.1:${server.port}` })),
    }),
  );
  const check = spawn(HAPROXY_BIN, ['-c', '-q', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let checkErrors = '';
  check.stderr!.on('data', (chunk) => {
    checkErrors += chunk;
  });
  if ((await exitOf(check)) !== 0) throw new Error(`HAProxy refused ${configFile}:\n${checkErrors}`);

  const logFile = path.join(options.runDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  // Its pid in a file too (HAProxy writes none in the foreground): a run killed before it could stop it leaves it to the next (stopLeftoverBalancer).
  const pidFile = path.join(options.runDir, `${name}.pid`);
  fs.writeFileSync(pidFile, `${child.pid}\n`);
  const exited = exitOf(child).then((code) => {
    fs.rmSync(pidFile, { force: true });
    return code;
  });
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  const servers = async () => {
    const response = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) });
    return parseStats(await response.text());
  };
  const waitUntil = async (test: (states: ServerState[]) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: ServerState[] = [];
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`HAProxy ended:\n${tail(logFile)}`);
      try {
        last = await servers();
        if (test(last)) return last;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`HAProxy: servers not as expected after ${timeoutMs} ms: ${JSON.stringify(last)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = net.connect(socket);
      let output = '';
      connection.setEncoding('utf8');
      connection.on('data', (chunk) => {
        output += chunk;
      });
      connection.once('error', reject);
      connection.once('end', () => resolve(output.trim()));
      connection.end(`${line}\n`);
    });
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    configFile,
    statsUrl,
    servers,
    command,
    waitUntil,
    exited,
    stop: () => endProcess(child.pid!, exited, 'SIGTERM', 5000),
  };
  try {
    // Ready: every server passed a health check.
    await balancer.waitUntil((states) => states.filter((s) => s.name !== 'BACKEND').every((s) => s.status === 'UP' && s.check.startsWith('L7OK')));
  } catch (error) {
    await balancer.stop();
    throw error;
  }
  return balancer;
}

/**
 * Stops a HAProxy an earlier run left behind in `runDir` (that run was killed before it could stop
 * it): the process named in its pid file, if it is still that HAProxy with that configuration.
 */
export async function stopLeftoverBalancer(runDir: string, name = 'haproxy', log: (line: string) => void = console.log): Promise<void> {
  const pidFile = path.join(runDir, `${name}.pid`);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim().split('\n')[0]);
  let commandLine = '';
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    // not running
  }
  if (commandLine.includes('haproxy') && commandLine.includes(path.join(runDir, `${name}.cfg`))) {
    log(`HAProxy of an earlier run is still running (pid ${pid}): stopping it`);
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 50 && fs.existsSync(`/proc/${pid}`); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(pidFile, { force: true });
}
