import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  baseUrl: string;
  varDir: string;
  close(): Promise<void>;
}

/** A real API on a loopback port with a fresh SQLite file; tests talk to it over HTTP. */
export async function startTestServer(options: { shellDist?: string; extend?: (app: FastifyInstance) => void } = {}): Promise<TestServer> {
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-api-'));
  const config = {
    ...loadConfig({}),
    varDir,
    port: 0,
    logLevel: 'silent',
    databaseUrl: `sqlite:${path.join(varDir, 'test.sqlite')}`,
    shellDist: options.shellDist ?? path.join(varDir, 'no-shell'),
  };
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  options.extend?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app, db, varDir,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(varDir, { recursive: true, force: true });
    },
  };
}
