import path from 'node:path';
import { loadConfig } from '../../api/public/config';
import { onShutdown } from '../lib/on-shutdown';
import { DEFAULT_REGISTRY_HOST, DEFAULT_REGISTRY_PORT, startPackageRegistry } from './package-registry';

/**
 * npm run packages:registry — this machine's private npm registry for the shared packages
 * (Verdaccio on 127.0.0.1:4873, data under VAR_DIR/packages-registry), for a company without one
 * of its own. PACKAGES_REGISTRY_PORT / PACKAGES_REGISTRY_HOST move it; Ctrl-C stops it.
 */
async function main() {
  const config = loadConfig();
  const registry = await startPackageRegistry({
    dir: path.join(config.varDir, 'packages-registry'),
    host: process.env.PACKAGES_REGISTRY_HOST ?? DEFAULT_REGISTRY_HOST,
    port: Number(process.env.PACKAGES_REGISTRY_PORT ?? DEFAULT_REGISTRY_PORT),
    log: (line) => console.log(line),
  });
  console.log(`\nThe package registry runs on ${registry.url}\n`);
  console.log(`  publish the shared packages:  npm run packages:publish -- --registry ${registry.url}`);
  console.log(`  a remote's repository:        echo "@kaloryfer:registry=${registry.url}" >> .npmrc && npm install`);
  console.log('Ctrl-C stops it; its packages stay in', path.join(config.varDir, 'packages-registry'));
  onShutdown(() => registry.stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
