import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig, REMOTES, REPO_ROOT, remoteOrigin, type Remote } from '../api/src/config';
import { onShutdown } from './lib/on-shutdown';
import { publishBuild } from './lib/publish';
import { startShop, WORKSPACES } from './lib/shop';

/**
 * npm run dev -- [remote …]: the shop with watch rebuilds of the shell and the chosen remotes.
 * Each rebuild of a remote is published to the local registry, so a browser reload shows it
 * (the other remotes keep their published builds). Example: npm run dev -- cart checkout
 */
async function main() {
  const chosen = process.argv.slice(2).map((name) => name.replace(/^mfe-/, '')) as Remote[];
  const unknown = chosen.filter((name) => !REMOTES.includes(name));
  if (unknown.length > 0) throw new Error(`unknown remote(s): ${unknown.join(', ')}; choose from ${REMOTES.join(', ')}`);
  const config = loadConfig();
  const shop = await startShop(config);
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
      // checkout builds both variants; publish whichever the watcher just wrote
      const dist = path.join(REPO_ROOT, WORKSPACES[remote], 'dist');
      const folders = remote === 'checkout' ? [path.join(dist, 'a'), path.join(dist, 'b')] : [dist];
      for (const distDir of folders) publishBuild({ varDir: config.varDir, distDir, origin: remoteOrigin(config, remote) });
      console.log(`[${remote}] published: reload the page`);
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
