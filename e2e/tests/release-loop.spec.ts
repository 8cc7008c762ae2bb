import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REPO_ROOT, SHOP_ENV } from '../shop-env';
import { expect, test } from './fixtures';
import { buildRemote, liveBuild, release, run } from './registry-helpers';

/**
 * The release loop as a developer meets it on a fresh clone (issue #52, docs/releasing.md,
 * "The release loop"): a source changed since the build is noticed and a taken version refused
 * with the exact next command; `--bump patch` builds and releases the next free version, whose
 * served manifest carries it; two releases at once with `--wait` both go live, in order, the
 * second after the first. And `npm start` says what started in a few lines.
 */
test.describe.configure({ mode: 'serial' });

const CART_DIR = path.join(REPO_ROOT, 'mfe-cart');
const touched = path.join(CART_DIR, 'src', 'e2e-source-change.ts');

test('edit → release: a changed source is noticed, a taken version answered with the next command, --bump builds and releases the next one', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The checkout's build goes live (it is, unless an earlier journey left another build live).
  const first = await release(['cart']);
  expect(first.output).toContain(`shop: http://127.0.0.1:${SHOP_ENV.PORT}/ (recorded by npm start in`);
  expect(first.status).toBe(0);
  const before = await liveBuild(page.request, 'cart');

  fs.writeFileSync(touched, '// A source change of the release-loop journey (e2e/tests/release-loop.spec.ts); deleted after it.\nexport {};\n');
  try {
    const refused = await release(['cart']);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`cart: its sources changed since its build (mfe-cart/dist), and ${before.version} is published already`);
    const next = /next: npm run release -- cart --bump patch {3}\(builds (\S+) and releases it\)/.exec(refused.output)?.[1];
    expect(next).toMatch(/^\d+\.\d+\.\d+-dev\.\d+$/);

    const bumped = await release(['cart', '--bump', 'patch']);
    expect(bumped.output).toContain(`built mfe-cart ${next}`);
    expect(bumped.output).toContain(`released cart ${next}`);
    expect(bumped.status).toBe(0);
    const live = await liveBuild(page.request, 'cart');
    expect(live.version).toBe(next);
    // The manifest the shop serves names the version the build was released as.
    const manifest = await (await page.request.get(`${live.folder}mf-manifest.json`)).json();
    expect(manifest.metaData.buildInfo.buildVersion).toBe(next);
    const buildInfo = await (await page.request.get(`${live.folder}build-info.json`)).json();
    expect(buildInfo.version).toBe(next);

    // Nothing changed since: the same command now finds the live build.
    expect((await release(['cart'])).output).toContain(`cart ${next}: these exact files are live already`);
  } finally {
    fs.rmSync(touched, { force: true });
    await release(['cart', '--rollback', '--to', before.version]);
  }
});

test('two releases at once with --wait: both go live in order, neither is refused', async ({ page }) => {
  test.setTimeout(240_000);
  const before = await liveBuild(page.request, 'cart');
  const first = buildRemote('mfe-cart', '1.0.50-wait.1');
  const second = buildRemote('mfe-cart', '1.0.50-wait.2');
  // Another change holds the cart's lease for a few seconds, as a slow release would. Taken
  // again right before the two releases start: a release command's own start (npx tsx) may
  // take seconds on a busy machine, and both must find it held.
  const holdLease = (ms: number) => {
    const db = new Database(path.join(SHOP_ENV.VAR_DIR, 'kaloryfer.sqlite'));
    db.prepare("UPDATE mfe_remote SET lock_id = 'e2e', lock_team = 'operator', lock_until = ? WHERE remote = 'cart'").run(
      new Date(Date.now() + ms).toISOString(),
    );
    db.close();
  };
  holdLease(10_000);
  try {
    const without = await release(['cart', '--dist', first]);
    expect(without.status).toBe(1);
    expect(without.output).toContain('release in progress: the operator team is changing cart');

    holdLease(8_000);
    const [one, two] = await Promise.all([release(['cart', '--dist', first, '--wait']), release(['cart', '--dist', second, '--wait'])]);
    for (const answer of [one, two]) {
      expect(answer.output).toContain('waiting for it (--wait)');
      expect(answer.output).not.toContain('409');
      expect(answer.status).toBe(0);
    }
    const events = run('npx', ['tsx', 'scripts/registry.ts', 'history', 'cart', '--limit', '4'])
      .split('\n')
      .filter((line) => / release +cart /.test(line));
    const released = events.map((line) => /cart (1\.0\.50-wait\.\d)/.exec(line)?.[1]).filter(Boolean);
    // Newest first: the later of the two is live.
    expect(released.slice(0, 2).sort()).toEqual(['1.0.50-wait.1', '1.0.50-wait.2']);
    expect((await liveBuild(page.request, 'cart')).version).toBe(released[0]);
  } finally {
    await release(['cart', '--rollback', '--to', before.version]);
    for (const folder of [first, second]) fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('npm start says what started in a few lines, then nothing per request', async () => {
  test.setTimeout(180_000);
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-start-'));
  const port = 4391;
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_HOST: '127.0.0.1', VAR_DIR: varDir, LOG_LEVEL: 'info' },
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 150_000 }).toContain('Kaloryfer is running');
    const beforePage = output.split('\n').filter((line) => line.trim() !== '');
    const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // What starts — the database, the catalogue's size, each remote's build, the URL — in ≤ 15 lines.
    expect(beforePage.length, beforePage.join('\n')).toBeLessThanOrEqual(15);
    expect(output).toMatch(/Kaloryfer is running: SQLite \S+, 1,500 products in \d+ categories/);
    expect(output).toMatch(/remotes {2}catalog \S+ · cart \S+ · checkout a \S+, b \S+ · account \S+ · content \S+/);
    expect(output).toContain(`Open http://127.0.0.1:${port}/`);
    expect(output).not.toContain('Module Federation Manifest Plugin');
    // The page and everything it called wrote no line: request lines are for LOG_LEVEL=debug.
    expect(output.split('\n').filter((line) => line.trim() !== '').length).toBe(beforePage.length);
    expect(output).not.toContain('request completed');
    // The commands find this shop through its VAR_DIR.
    expect(JSON.parse(fs.readFileSync(path.join(varDir, 'shop.json'), 'utf8'))).toMatchObject({ url: `http://127.0.0.1:${port}/`, startedBy: 'npm start' });
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(varDir, { recursive: true, force: true });
  }
});
