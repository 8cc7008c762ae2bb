import { loadShopSettings } from '../composition/shop-settings';
import { startTracing, tracingTarget } from '../composition/tracing';
import { onShutdown } from './lib/on-shutdown';
import { recordShop, shopRecordFile } from './lib/shop-record';

/**
 * npm start: build what is missing, release the remotes the registry lacks, serve the whole shop
 * — and say so in a few lines. Request lines are written at LOG_LEVEL=debug only (as one short
 * line each on a terminal); warnings and errors always, and they stand out.
 */
async function main() {
  const config = loadShopSettings();
  // Traces first, when OTEL_EXPORTER_OTLP_ENDPOINT asks for them: the shop's modules are loaded
  // after, so the instrumentations see http and pg required (composition/tracing.ts).
  const tracing = await startTracing();
  const { startShop } = await import('./lib/shop');
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
      ...(tracing.enabled ? [`  traces to ${tracingTarget()} (docs/operations.md, "Traces")`] : []),
    ].join('\n'),
  );
  onShutdown(async () => {
    await shop.close();
    await tracing.shutdown();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
