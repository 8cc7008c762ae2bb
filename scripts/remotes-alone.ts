import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadShopSettings } from '../composition/shop-settings';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium';
import { WORKSPACES } from './lib/local-builds';
import { freePort } from './lib/postgres-server';
import { registryClient } from './lib/registry-client';
import { parseFlags } from './lib/registry-cli-options';
import { startShop } from './lib/shop';
import { startPackageRegistry } from './packages/package-registry';
import { publishSharedPackages } from './packages/publish-packages';
import { ROOT } from './packages/shared-packages';
import { newRemote } from './new-remote';
import { browserScriptBytes, copyRemoteFolder, pointAtRegistry, runStep } from './remotes-alone/team-repository';

const USAGE = `usage: npm run test:remotes [-- --only catalog,cart,gallery] [--bench] [--cold] [--keep]
Each remote as its own team's repository: the shared packages published to a private registry on
loopback, each remote's folder alone in an empty directory — npm install from the registry,
typecheck, test, build — then each build released to a running shop with a team's token, and the
shop's home page loaded in Chromium. And a new remote, "gallery", made by npm run new-remote,
registered by the operator, released by its team and its page used in Chromium — the shell
untouched. --bench prints each step's time and each build's size next to the build in this
repository; --cold installs each with an empty npm cache of its own (every package downloaded,
as a CI without a cache); --keep leaves the directories for a look.`;

/** The new remote the journey makes from the template (npm run new-remote), and the path it owns. */
const NEW_REMOTE = { name: 'gallery', route: '/galeria' };

/** The version the teams' builds go out as: the shop released this checkout's 1.x.y builds at start. */
const TEAM_VERSION = '1.0.1-team.1';
const TEAM_STEPS = ['install', 'typecheck', 'test', 'build', 'release'] as const;
type Step = (typeof TEAM_STEPS)[number];

interface TeamRun {
  remote: string;
  folder: string;
  dir: string;
  ms: Partial<Record<Step, number>>;
  build?: { id: string; entry: string };
}

const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const { flags } = parseFlags(process.argv.slice(2), ['only'], ['bench', 'keep', 'cold', 'help']);
  if (flags.help) return console.log(USAGE);
  const chosen = (remote: string) => !flags.only || flags.only.split(',').includes(remote);
  const remotes = Object.entries(WORKSPACES)
    .filter(([remote]) => remote !== 'shell')
    .filter(([remote]) => chosen(remote));
  const withNew = chosen(NEW_REMOTE.name);
  if (remotes.length === 0 && !withNew) throw new Error(`no such remote: ${flags.only}\n${USAGE}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-teams-'));
  const log = (line: string) => console.log(line);
  log(`Teams' repositories under ${work}`);

  // 1. The company's package registry, with the shared packages published to it.
  const registry = await startPackageRegistry({ dir: path.join(work, 'registry'), port: await freePort(), uplink: null });
  let shop: Awaited<ReturnType<typeof startShop>> | null = null;
  try {
    const publishStarted = Date.now();
    publishSharedPackages({ registry: registry.url, token: registry.token, log });
    log(`shared packages on ${registry.url} in ${seconds(Date.now() - publishStarted)}`);

    // 2. Each remote alone: its folder, npm install from the registry, typecheck, test, build.
    const runs: TeamRun[] = [];
    const repositories = [
      ...remotes.map(([remote, folder]) => ({ remote, folder, make: (dir: string) => copyRemoteFolder(ROOT, folder, dir) })),
      // A remote no one has built before: its team starts from the template.
      ...(withNew
        ? [{ remote: NEW_REMOTE.name, folder: `mfe-${NEW_REMOTE.name}`, make: (dir: string) => newRemote({ ...NEW_REMOTE, dir, registry: registry.url }) }]
        : []),
    ];
    for (const { remote, folder, make } of repositories) {
      const dir = path.join(work, folder);
      const files = make(dir);
      const npmrc = path.join(dir, '.npmrc');
      if (!fs.existsSync(npmrc) || !fs.readFileSync(npmrc, 'utf8').includes(registry.url)) pointAtRegistry(dir, registry.url);
      const run: TeamRun = { remote, folder, dir, ms: {} };
      runs.push(run);
      log(`\n${folder}: ${files.length} files, alone in ${dir}`);
      // --prefer-offline: packages this machine fetched before come from npm's cache (a CI cache does
      // the same); --cold: an empty cache of the team's own, every package downloaded.
      const install = flags.cold
        ? ['install', '--cache', path.join(work, `npm-cache-${remote}`), '--no-audit', '--no-fund']
        : ['install', '--prefer-offline', '--no-audit', '--no-fund'];
      for (const [step, args, env] of [
        ['install', install, {}],
        ['typecheck', ['run', 'typecheck'], {}],
        ['test', ['test', '--', '--ci'], {}],
        ['build', ['run', 'build'], { REMOTE_VERSION: TEAM_VERSION }],
      ] as const) {
        const result = await runStep(`${folder}: npm ${args.join(' ')}`, 'npm', [...args], { cwd: dir, env });
        run.ms[step] = result.ms;
        const tests = /Tests:\s+(.*total)/.exec(result.output)?.[1];
        log(`  ${step.padEnd(9)} ${seconds(result.ms).padStart(7)}${tests ? `  (${tests})` : ''}`);
      }
      if (fs.existsSync(path.join(dir, '..', 'node_modules')) || fs.existsSync(path.join(work, 'node_modules'))) {
        throw new Error(`a node_modules above ${dir}: the remote is not alone`);
      }
    }

    // 3. A running shop; its operator makes each team a token; each team releases its build.
    const port = await freePort();
    const config = loadShopSettings({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_HOST: '127.0.0.1',
      VAR_DIR: path.join(work, 'shop-var'),
      LOG_LEVEL: 'warn',
    });
    log(`\nA shop on http://127.0.0.1:${port}/ (this checkout's builds released at start)`);
    shop = await startShop(config, (line) => log(`  ${line}`));
    const operator = registryClient({ shop: shop.url, token: fs.readFileSync(path.join(config.varDir, 'registry-operator.token'), 'utf8').trim() });
    if (withNew) {
      // The operator's one call that makes "gallery" a remote of the shop: no change to the shell.
      await operator.addRemote({ name: NEW_REMOTE.name, routes: [{ name: NEW_REMOTE.name, pattern: NEW_REMOTE.route }], slots: {} });
      log(`the operator registered ${NEW_REMOTE.name} (${NEW_REMOTE.route})`);
    }
    for (const run of runs) {
      const team = await operator.createToken(run.remote, 'the team repository journey (npm run test:remotes)');
      const result = await runStep(`${run.folder}: npm run release`, 'npm', ['run', 'release', '--', '--reason', 'built alone from the package registry'], {
        cwd: run.dir,
        env: { KALORYFER_SHOP_URL: shop.url, KALORYFER_REGISTRY_TOKEN: team.token },
      });
      run.ms.release = result.ms;
      const released = (await operator.status()).remotes.find((entry) => entry.remote === run.remote);
      const live = released?.variants.filter((variant) => variant.version === TEAM_VERSION) ?? [];
      if (live.length === 0) throw new Error(`${run.remote} ${TEAM_VERSION} is not live after its release:\n${result.output}`);
      run.build = { id: live[0].build, entry: live[0].entry };
      log(`${run.folder}: released ${TEAM_VERSION} in ${seconds(result.ms)} (${live.length} build${live.length > 1 ? 's' : ''}, gate passed)`);
    }

    // 4. The shop's pages in Chromium, composed of the teams' builds.
    if (runs.some((run) => BUILT_IN.includes(run.remote))) await checkHomePage(shop.url, runs, log);
    const gallery = runs.find((run) => run.remote === NEW_REMOTE.name);
    if (gallery) await checkNewRemotePage(shop.url, gallery, log);

    if (flags.bench) report(runs);
  } finally {
    await shop?.close();
    await registry.stop();
    if (!flags.keep) fs.rmSync(work, { recursive: true, force: true });
    else log(`kept: ${work}`);
  }
}

const BUILT_IN = Object.keys(WORKSPACES).filter((remote) => remote !== 'shell');

/**
 * The new remote's page as a shopper gets it: its path, unknown to the shell's code, answered by
 * the page server with the region the new team's server build rendered; hydrated by its browser
 * build; and a press on its button adds a product to the cart — the cart remote's, through the
 * contracts' bus — so the header's mini-cart counts it.
 */
async function checkNewRemotePage(shop: string, run: TeamRun, log: (line: string) => void): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ locale: 'pl-PL', serviceWorkers: 'block' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(new URL(NEW_REMOTE.route, shop).href, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`${NEW_REMOTE.route} answered ${response?.status()}`);
    const html = await response.text();
    if (!html.includes('id="region-gallery"') || !/<h1[^>]*>[^<]*Polecane grzejniki/.test(html)) {
      throw new Error(`${NEW_REMOTE.route}: the page server did not render the ${run.remote} team's region:\n${html.slice(0, 2000)}`);
    }
    await page.locator('html[data-route-ready]').waitFor({ timeout: 30_000 });
    const buttons = page.locator('#region-gallery').getByRole('button', { name: 'Dodaj do koszyka' });
    if ((await buttons.count()) === 0) throw new Error(`${NEW_REMOTE.route} lists no product to add`);
    await buttons.first().click();
    await page.getByRole('button', { name: /^Koszyk: 1 produkt/ }).waitFor({ timeout: 20_000 });
    if (problems.length > 0) throw new Error(`the page threw: ${problems.join('; ')}`);
    log(
      `${NEW_REMOTE.route} in Chromium: rendered on the server by the ${run.remote} team's build, hydrated, and its "Dodaj do koszyka" filled the cart remote's mini-cart.`,
    );
  } finally {
    await browser.close();
  }
}

interface ShareEntry {
  loaded?: boolean;
  useIn?: string[];
}

/**
 * The home page as a shopper's browser gets it: rendered by the catalogue team's build, its
 * header widgets loaded from the cart's and the account's, the footer the content team's — and
 * still one copy of each singleton on the page (the federation runtime's share scope) and one
 * contracts instance, though every build was made in a repository of its own.
 */
async function checkHomePage(shop: string, runs: TeamRun[], log: (line: string) => void): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ locale: 'pl-PL', serviceWorkers: 'block' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto(shop, { waitUntil: 'load' });
    if (response?.status() !== 200) throw new Error(`the home page answered ${response?.status()}`);
    const html = await response.text();
    await page.locator('html[data-route-ready]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Zaloguj się' }).hover();
    await page.getByRole('button', { name: /^Koszyk/ }).click();
    await page.getByRole('dialog').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const baseOf = (run: TeamRun) => new URL(run.build!.entry.replace(/mf-manifest\.json$/, ''), shop).href;
    for (const remote of ['catalog', 'cart', 'account']) {
      const run = runs.find((candidate) => candidate.remote === remote);
      if (run && !scripts.some((url) => url.startsWith(baseOf(run)))) throw new Error(`the page ran no code of ${remote}'s team build (${baseOf(run)})`);
    }
    const content = runs.find((run) => run.remote === 'content');
    if (content && !html.includes('Regulamin sklepu')) throw new Error("the content team's footer is not in the page's HTML");
    const { contracts, scope } = await page.evaluate(() => {
      const page = window as unknown as {
        __KALORYFER_CONTRACTS__: unknown[];
        __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Record<string, ShareEntry>> }> };
      };
      const host = Object.keys(page.__FEDERATION__.__SHARE__).find((key) => key.startsWith('shell'));
      return { contracts: page.__KALORYFER_CONTRACTS__.length, scope: host ? page.__FEDERATION__.__SHARE__[host].default : {} };
    });
    if (contracts !== 1) throw new Error(`${contracts} copies of @kaloryfer/contracts ran on the page`);
    const singletons = [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'nanostores',
      '@nanostores/react',
      '@kaloryfer/contracts',
      '@kaloryfer/i18n',
    ];
    for (const name of singletons) {
      const loaded = Object.values(scope[name] ?? {}).filter((entry) => entry.loaded);
      if (loaded.length !== 1) throw new Error(`${name}: ${loaded.length} copies loaded on the page (${JSON.stringify(scope[name])})`);
    }
    const reactUsers = Object.values(scope.react).flatMap((entry) => entry.useIn ?? []);
    if (problems.length > 0) throw new Error(`the page threw: ${problems.join('; ')}`);
    log(
      `\nHome page in Chromium: rendered and hydrated from the teams' builds; one copy each of ${singletons.join(', ')} (React used by ${[...new Set(reactUsers)].join(', ')}); one contracts instance.`,
    );
  } finally {
    await browser.close();
  }
}

function report(runs: TeamRun[]): void {
  console.log("\nA team's CI from an empty folder to a live build (aim: ≤ 2 min per remote)");
  console.log(`| remote | ${TEAM_STEPS.join(' | ')} | total |`);
  console.log(`|---|${TEAM_STEPS.map(() => '---:').join('|')}|---:|`);
  for (const run of runs) {
    const total = TEAM_STEPS.reduce((sum, step) => sum + (run.ms[step] ?? 0), 0);
    console.log(`| ${run.remote} | ${TEAM_STEPS.map((step) => seconds(run.ms[step])).join(' | ')} | **${seconds(total)}** |`);
  }
  console.log("\nBrowser JavaScript of each build (gzip, the bytes phones fetch): this repository's build next to the team's (aim: ≤ +1 %)");
  console.log('| remote | in this repository | alone, from the registry | change |');
  console.log('|---|---:|---:|---:|');
  for (const run of runs) {
    const here = path.join(ROOT, run.folder, 'dist');
    const alone = browserScriptBytes(path.join(run.dir, 'dist'));
    if (!fs.existsSync(here)) {
      console.log(`| ${run.remote} | ${BUILT_IN.includes(run.remote) ? '(not built: npm run build)' : '– (a new remote)'} | ${kb(alone.gzip)} | – |`);
      continue;
    }
    const mine = browserScriptBytes(here);
    const change = ((alone.gzip - mine.gzip) / mine.gzip) * 100;
    console.log(
      `| ${run.remote} | ${kb(mine.gzip)} in ${mine.files} files | ${kb(alone.gzip)} in ${alone.files} files | ${change >= 0 ? '+' : ''}${change.toFixed(2)} % |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
