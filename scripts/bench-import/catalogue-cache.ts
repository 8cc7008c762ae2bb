import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../lib/repo-root';
import type { SeedOptions } from '../../api/public/catalog';
import { ensureDatabase, prepareDatabase } from '../lib/cluster/cluster-database';
import { startPostgres, type PostgresServer } from '../lib/postgres-server';

/**
 * The benchmark's PostgreSQL and its catalogue. Seeding 100,000 products takes minutes, so the
 * seeded catalogue is kept between runs: a PostgreSQL data folder under `var/bench-import/`
 * (ignored by git) holds a template database per catalogue — `bench_<products>_<seed>_<day>`: the
 * seed's promotions are relative to its day, so a catalogue is kept for the day it was seeded —
 * and every run imports into a fresh copy of it (`CREATE DATABASE … TEMPLATE … STRATEGY
 * FILE_COPY`: the files copied, seconds), so each run starts from the seed's prices. The
 * templates of other days are dropped. `cache: false` (or none wanted): a throwaway server,
 * seeded by startCluster as bench:cluster does.
 *
 * The server runs with its production settings (fsync, synchronous commit), as bench:cluster's.
 */
export const CACHE_DIR = path.join(REPO_ROOT, 'var/bench-import/postgres');
const DATABASE = 'kaloryfer';

export interface BenchDatabase {
  server: PostgresServer;
  /** The fresh copy the cluster runs on (its socket URL). */
  databaseUrl: string;
  /** What was done to have it: "copied from bench_… (kept)" or "seeded…". */
  said: string;
  /** Drops the copy (the template stays) and stops the server. */
  stop(): Promise<void>;
}

async function query(server: PostgresServer, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client(server.url('postgres'));
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(options: { seed: SeedOptions; cache: boolean; fresh: boolean; log: (line: string) => void }): Promise<BenchDatabase> {
  const { seed, log } = options;
  if (!options.cache) {
    const server = await startPostgres({ durable: true });
    return {
      server,
      databaseUrl: await ensureDatabase(server),
      said: 'a throwaway PostgreSQL (--no-cache): seeded below',
      stop: async () => server.stop(),
    };
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const server = await startPostgres({ dataDir: CACHE_DIR, durable: true });
  try {
    const day = (seed.today ?? new Date().toISOString().slice(0, 10)).replace(/-/g, '');
    const template = `bench_${seed.products}_${seed.seed}_${day}`;
    const kept = (await query(server, `select datname from pg_database where datname like 'bench\\_%'`)).rows.map((row: { datname: string }) => row.datname);
    for (const name of kept.filter((name) => !name.endsWith(`_${day}`) || (options.fresh && name === template))) {
      await query(server, `drop database if exists "${name}" with (force)`);
      log(`catalogue cache: dropped ${name}`);
    }
    const started = performance.now();
    const seeded = !kept.includes(template) || options.fresh;
    if (seeded) await query(server, `create database "${template}"`);
    // Migrated (and seeded when new) as the cluster's own database is; a template of an older schema is brought up to date here.
    await prepareDatabase(server.socketUrl(template), seed, undefined, log);
    const seedS = (performance.now() - started) / 1000;
    const copyStarted = performance.now();
    await query(server, `drop database if exists "${DATABASE}" with (force)`);
    await query(server, `create database "${DATABASE}" template "${template}" strategy file_copy`);
    const copyS = (performance.now() - copyStarted) / 1000;
    return {
      server,
      databaseUrl: server.socketUrl(DATABASE),
      stop: async () => {
        await query(server, `drop database if exists "${DATABASE}" with (force)`).catch(() => undefined);
        server.stop();
      },
      said: `${seeded ? `seeded ${template} in ${seedS.toFixed(0)} s (kept in ${path.relative(REPO_ROOT, CACHE_DIR)} for later runs today)` : `${template} kept from an earlier run`}; copied in ${copyS.toFixed(1)} s`,
    };
  } catch (error) {
    server.stop();
    throw error;
  }
}
