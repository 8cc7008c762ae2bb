import fs from 'node:fs';
import { exportPriceList, priceListCsv } from '../api/public/catalog-import';
import { loadConfig } from '../api/public/config';
import { openDatabase, migrateToLatest } from '../api/public/database';
import { parseFlags } from './lib/registry-cli-options';

const USAGE = `usage: npm run catalog:export -- [--format csv|json] [--out <file>]
  The current price list in the import's own format (docs/catalogue.md, "The round trip"): sku, name,
  gross price, special price and its days, qty and is_in_stock of every SKU an import can price.
  Edit it and import it back with npm run catalog:import; unchanged rows change nothing.
  Reads DATABASE_URL, else VAR_DIR's SQLite file. Writes to standard output without --out.`;

async function main(): Promise<number> {
  const { words, flags } = parseFlags(process.argv.slice(2), ['format', 'out'], ['help']);
  if (flags.help || words.length > 0) {
    console.log(USAGE);
    return flags.help ? 0 : 2;
  }
  const format = flags.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new Error(`--format is csv or json, got "${format}"`);
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db);
    const rows = await exportPriceList(db);
    const text = format === 'csv' ? priceListCsv(rows) : `${JSON.stringify(rows, null, 1)}\n`;
    if (flags.out) {
      fs.writeFileSync(flags.out, text);
      console.error(`${flags.out}: ${rows.length.toLocaleString('en-GB')} SKUs (${format.toUpperCase()})`);
    } else process.stdout.write(text);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
