import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEFAULT_SEED, seedCatalog } from './catalog-seed';

/**
 * npm run seed [-- --products N] [--seed S] [--today YYYY-MM-DD]: replaces the catalogue in
 * DATABASE_URL with a generated one. Same options, same data.
 */
function parseArgs(argv: string[]) {
  const options = { ...DEFAULT_SEED } as { products: number; seed: number; today?: string };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--products' || flag === '--seed') {
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 1 || parsed > 1_000_000) throw new Error(`${flag} needs a whole number from 1 to 1000000, got "${value}"`);
      options[flag === '--products' ? 'products' : 'seed'] = parsed;
      i += 1;
    } else if (flag === '--today') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value ?? '')) throw new Error(`--today needs YYYY-MM-DD, got "${value}"`);
      options.today = value;
      i += 1;
    } else {
      throw new Error(`unknown option ${flag}; use --products N, --seed S, --today YYYY-MM-DD`);
    }
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const result = await seedCatalog(db, options);
    console.log(
      `seeded ${result.products} products (${result.skus} SKUs), ${result.categories} categories into ${config.databaseUrl} in ${Date.now() - started} ms`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
