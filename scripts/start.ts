import { loadShopSettings } from '../composition/shop-settings';
import { onShutdown } from './lib/on-shutdown';
import { startShop } from './lib/shop';
import { recordShop, shopRecordFile } from './lib/shop-record';

/**
 * npm start: build what is missing, release the remotes the registry lacks, serve the whole shop
 * — and say so in a few lines. Request lines are written at LOG_LEVEL=debug only (as one short
 * line each on a terminal); warnings and errors always, and they stand out.
 */
async function main() {
  const config = loadShopSettings();
  const shop = await startShop(config);
  // The commands (release, registry, experiment, catalog:import --shop) find this shop and its token here.
  recordShop(config.varDir, { url: shop.localUrl, tokenFile: shop.tokenFile, startedBy: 'npm start', dev: true });
  const { database, products, categories, remotes } = shop.summary;
  console.log(
    [
      '',
      `Kaloryfer is running: ${database}, ${products.toLocaleString('en')} products in ${categories} categories`,
      `  remotes  ${remotes.join(' · ')}`,
      `  Open ${shop.url}`,
      `  API ${shop.url}api/health · npm run registry -- status · npm run release -- <remote> (docs/releasing.md)`,
      `  commands find this shop through ${shopRecordFile(config.varDir)} · every request: LOG_LEVEL=debug · Ctrl-C stops everything`,
    ].join('\n'),
  );
  onShutdown(() => shop.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
