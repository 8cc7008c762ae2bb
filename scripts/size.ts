import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadShopSettings } from '../composition/shop-settings';
import { REPO_ROOT } from './lib/repo-root';
import { LOCAL_REMOTES as REMOTES } from './lib/local-builds';
import { distFoldersOf } from './lib/local-builds';
import { freePort } from './lib/postgres-server';
import { startShop, WORKSPACES } from './lib/shop';

/**
 * npm run size: gzip bytes of what reaches a phone. Per remote, its entry and each exposed
 * module (from mf-manifest.json); then a real first page load in Chromium, summed per origin.
 * Prints figures against the aims; never fails on them.
 */
const AIM_SHELL_KB = 110;
// The team's budget with i18next (docs/performance.md); the earlier 160 KB predates i18next.
const AIM_TOTAL_KB = 180;
const AIM_ENTRY_KB = 20;

const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Manifest {
  metaData: { remoteEntry: { name: string } };
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

function remoteFigures() {
  const rows: string[] = [];
  for (const remote of REMOTES) {
    for (const dist of distFoldersOf(path.join(REPO_ROOT, WORKSPACES[remote]))) {
      const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
      const read = (file: string) => fs.readFileSync(path.join(dist, file));
      const entry = gzipSize(read(manifest.metaData.remoteEntry.name));
      const label = path.basename(dist) === 'dist' ? remote : `${remote} (${path.basename(dist)})`;
      rows.push(`${label.padEnd(20)} entry ${kb(entry).padStart(9)}${entry > AIM_ENTRY_KB * 1024 ? '  over the 20 KB aim' : ''}`);
      for (const expose of manifest.exposes) {
        const own = expose.assets.js.sync.reduce((sum, file) => sum + gzipSize(read(file)), 0);
        rows.push(`${''.padEnd(20)} ${expose.path.padEnd(16)} ${kb(own).padStart(9)} (sync chunks, shared modules excluded)`);
      }
    }
  }
  return rows;
}

async function firstLoad(url: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const byOrigin = new Map<string, number>();
  const files: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const size = gzipSize(body);
    // The remotes' builds are served by the shop too (/mfe/<remote>/…): count them apart from the shell's files.
    const address = new URL(response.url());
    const remote = /^\/mfe\/([a-z]+)\//.exec(address.pathname)?.[1];
    const origin = remote ? `${address.origin}/mfe/${remote}` : address.origin;
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + size);
    files.push({ url: response.url(), bytes: size });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  // Everything the shell's origin sends before the page is idle is what it needs to boot.
  return { byOrigin, files, shellInitial: byOrigin.get(new URL(url).origin) ?? 0 };
}

/** `--port <n>`, else a free loopback port: a running shop or a second measurement is no obstacle. */
async function portToUse(argv: string[]): Promise<number> {
  const at = argv.indexOf('--port');
  if (at === -1) return freePort();
  const port = Number(argv[at + 1]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port takes a port number (1–65535), not ${argv[at + 1] ?? 'nothing'}`);
  return port;
}

async function main() {
  const port = await portToUse(process.argv.slice(2));
  console.log('Remote entries and exposed modules (gzip -9):');
  for (const row of remoteFigures()) console.log(`  ${row}`);
  // A fresh var/ each run: the published remotes are the build being measured.
  const varDir = path.join(REPO_ROOT, 'var', 'size');
  fs.rmSync(varDir, { recursive: true, force: true });
  const config = {
    ...loadShopSettings(),
    port,
    publicHost: '127.0.0.1',
    logLevel: 'silent',
    varDir,
    databaseUrl: `sqlite:${path.join(varDir, 'size.sqlite')}`,
  };
  const shop = await startShop(config, () => undefined);
  try {
    // One page first, as any shopper after the first would find the shop: the page server's render
    // threads warm (a cold region that misses its budget is rendered in the browser, with its code).
    await fetch(shop.url, { headers: { accept: 'text/html' } }).then((response) => response.text());
    const { byOrigin, files, shellInitial } = await firstLoad(shop.url);
    console.log('\nScripts of the first home visit, largest first (gzip -9):');
    for (const file of files.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.url}`);
    console.log('\nFirst load of the home page in Chromium (JS, gzip -9, by origin and remote):');
    let total = 0;
    for (const [origin, bytes] of byOrigin) {
      total += bytes;
      console.log(`  ${origin.padEnd(36)} ${kb(bytes).padStart(9)}`);
    }
    console.log(
      `  ${'shell initial JS incl. React'.padEnd(28)} ${kb(shellInitial).padStart(9)}  (aim ≤ ${AIM_SHELL_KB} KB${shellInitial > AIM_SHELL_KB * 1024 ? ': over' : ''})`,
    );
    console.log(`  ${'total first page load'.padEnd(28)} ${kb(total).padStart(9)}  (aim ≤ ${AIM_TOTAL_KB} KB${total > AIM_TOTAL_KB * 1024 ? ': over' : ''})`);
  } finally {
    await shop.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
