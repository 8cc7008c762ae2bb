import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEFAULT_SEED, hasCatalog, seedCatalog } from './seed';

/** Runs the API alone (npm start -w @kaloryfer/api); scripts/start.ts runs the whole shop. */
async function main() {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  if (!(await hasCatalog(db))) await seedCatalog(db, DEFAULT_SEED);
  const app = await buildApp({ config, db });
  await app.listen({ host: config.host, port: config.port });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
