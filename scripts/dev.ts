import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadShopSettings } from '../composition/shop-settings';
import { packBuild, readBuildFolder, parseBuildInfo } from '../api/public/builds';
import { REPO_ROOT } from './lib/repo-root';
import { LOCAL_REMOTES as REMOTES, type Remote } from './lib/local-builds';
import { WORKSPACES } from './lib/local-builds';
import { gateLines, RegistryCallError, registryClient } from './lib/registry-client';
import { onShutdown } from './lib/on-shutdown';
import { startShop } from './lib/shop';
import { recordShop } from './lib/shop-record';
import fs from 'node:fs';

/**
 * npm run dev -- [remote …]: the shop with watch rebuilds of the shell and the chosen remotes.
 * Each rebuild of a remote is released to the local registry through the gate, so a browser
 * reload shows it (the other remotes keep their builds). A published version never changes, so
 * each rebuild is released as `<version>-dev.<time>`. Example: npm run dev -- cart checkout
 */
async function main() {
  const chosen = process.argv.slice(2).map((name) => name.replace(/^mfe-/, '')) as Remote[];
  const unknown = chosen.filter((name) => !REMOTES.includes(name));
  if (unknown.length > 0) throw new Error(`unknown remote(s): ${unknown.join(', ')}; choose from ${REMOTES.join(', ')}`);
  const config = loadShopSettings();
  const shop = await startShop(config);
  recordShop(config.varDir, { url: shop.localUrl, tokenFile: shop.tokenFile, startedBy: 'npm start', dev: true });
  const client = registryClient({ shop: shop.localUrl, token: fs.readFileSync(shop.tokenFile, 'utf8').trim() });
  const release = async (remote: Remote, distDir: string) => {
    const info = parseBuildInfo(readBuildFolder(distDir).get('build-info.json'));
    const version = `${info.version.replace(/-dev\.\d+$/, '')}-dev.${Date.now()}`;
    const archive = await packBuild(distDir, { 'build-info.json': Buffer.from(JSON.stringify({ ...info, version })) });
    try {
      await client.publish(remote, archive, { reason: 'npm run dev: a watch rebuild' });
      console.log(`[${remote}] released ${version}: reload the page`);
    } catch (error) {
      if (!(error instanceof RegistryCallError)) throw error;
      console.error(`[${remote}] not released: ${error.message}`);
      if (error.gate) for (const line of gateLines(error.gate)) console.error(line);
    }
  };
  const watchers: ChildProcess[] = [];
  const watch = (workspace: string, onBuilt: () => void) => {
    const child = spawn('npx', ['rspack', 'build', '--watch', '--mode', 'development'], { cwd: path.join(REPO_ROOT, workspace) });
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      process.stdout.write(`[${workspace}] ${text}`);
      if (/compiled successfully/.test(text)) onBuilt();
    });
    child.stderr.pipe(process.stderr);
    watchers.push(child);
  };
  watch('shell', () => console.log('[shell] rebuilt: reload the page'));
  for (const remote of chosen) {
    watch(WORKSPACES[remote], () => {
      // checkout builds both variants; release whichever the watcher just wrote
      const dist = path.join(REPO_ROOT, WORKSPACES[remote], 'dist');
      const folders = remote === 'checkout' ? [path.join(dist, 'a'), path.join(dist, 'b')] : [dist];
      void folders.reduce((previous, distDir) => previous.then(() => release(remote, distDir)), Promise.resolve());
    });
  }
  console.log(`\nDev shop: ${shop.url} (watching shell${chosen.length ? `, ${chosen.join(', ')}` : ''})`);
  onShutdown(async () => {
    for (const child of watchers) child.kill();
    await shop.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
