import path from 'node:path';
import { loadConfig } from '../../api/public/config';
import { parseFlags } from '../lib/registry-cli-options';
import { DEFAULT_REGISTRY_PORT, publisherToken } from './package-registry';
import { publishSharedPackages } from './publish-packages';

const USAGE = `usage: npm run packages:publish -- --registry <url> [--token <token>]
Publishes every shared package (shared/*) whose version the registry lacks, dependencies first.
--registry  any npm registry: the company's own, GitHub Packages (https://npm.pkg.github.com), or
            this machine's (npm run packages:registry: http://127.0.0.1:${DEFAULT_REGISTRY_PORT}/)
--token     a token that may publish there (or NPM_TOKEN); without one, npm's own login for that
            registry — or, for this machine's registry, its publisher user (VAR_DIR/packages-registry)`;

/** npm run packages:publish (docs/releasing.md, "Shared packages"). */
async function main() {
  const { words, flags } = parseFlags(process.argv.slice(2), ['registry', 'token']);
  const registry = flags.registry ?? process.env.KALORYFER_PACKAGES_REGISTRY;
  if (!registry || words.length > 0) throw new Error(USAGE);
  const url = new URL(registry);
  if (url.hostname === 'registry.npmjs.org') {
    throw new Error("the shared packages are the shop's own (UNLICENSED): publish them to a private registry, not to the public npm registry");
  }
  let token = flags.token ?? process.env.NPM_TOKEN;
  const dir = path.join(loadConfig().varDir, 'packages-registry');
  if (!token && ['127.0.0.1', 'localhost'].includes(url.hostname)) token = await publisherToken(url.href, dir);
  console.log(`Publishing the shared packages to ${url.href}`);
  const results = publishSharedPackages({ registry: url.href, token, log: (line) => console.log(line) });
  const published = results.filter((result) => result.outcome === 'published').length;
  console.log(published === 0 ? 'Nothing new: every version is there already.' : `${published} published.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
