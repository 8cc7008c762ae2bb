import { loadConfig } from '../api/src/config';
import { onShutdown } from './lib/on-shutdown';
import { startShop } from './lib/shop';

/** npm start: build what is missing, release the remotes the registry lacks, serve the whole shop. */
async function main() {
  const config = loadConfig();
  const shop = await startShop(config);
  console.log('\nKaloryfer is running. Open:\n');
  console.log(`  ${shop.url}\n`);
  console.log(`API ${shop.url}api/health · OpenAPI ${shop.url}api/openapi.json`);
  console.log(`Remotes: served from the registry (${shop.url}mfe/…) · npm run registry -- status · npm run release -- <remote>`);
  console.log('Ctrl-C stops everything.');
  onShutdown(() => shop.close());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
