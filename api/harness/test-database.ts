import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which database the API suite runs on: SQLite (`api/jest.config.cjs`) or PostgreSQL
 * (`api/jest.postgres.config.cjs` sets the global and starts the server). Every test is the
 * same on both; only where the database lives differs.
 */
export const TEST_DIALECT: 'sqlite' | 'postgres' = (globalThis as { KF_TEST_DATABASE?: string }).KF_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  url: string;
  /** Removes the database (PostgreSQL; a SQLite file goes with its folder). */
  drop(): Promise<void>;
}

/** An empty database for one test server: a file in `varDir`, or a new database on the run's PostgreSQL. */
export async function freshTestDatabase(varDir: string, name = 'test'): Promise<TestDatabase> {
  if (TEST_DIALECT === 'sqlite') return { url: `sqlite:${path.join(varDir, `${name}.sqlite`)}`, drop: async () => {} };
  const admin = process.env.KF_TEST_PG_URL;
  if (!admin) throw new Error('KF_TEST_PG_URL is not set: run the PostgreSQL suite through api/jest.postgres.config.cjs');
  const database = `kf_${name.replace(/[^a-z0-9]/gi, '').toLowerCase()}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(admin, `create database "${database}"`);
  return {
    url: admin.replace(/\/[^/]*$/, `/${database}`),
    drop: () => adminQuery(admin, `drop database if exists "${database}" with (force)`),
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
