import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { packBuild } from '../../api/src/registry/build-archive';
import { startTeamOrigin } from '../../scripts/lib/team-origin';
import { BASE_URL } from '../shop-env';
import { expect, test } from './fixtures';
import { buildRemote, liveBuild, operatorToken, release } from './registry-helpers';

/**
 * Releasing a remote as a team does it (issue #32, docs/releasing.md): a build goes to the
 * shop's registry over HTTP, passes the release gate and reaches the next page load, on the
 * server and in the browser, without restarting or rebuilding anything else; a broken or
 * incompatible build is refused before any shopper sees it; a rollback restores the exact bytes;
 * an entry changed on its origin after publishing is refused by the browser.
 */
const footerBuild = (page: import('@playwright/test').Page) => page.locator('[data-remote-build="content"]');

/** The build of a remote a page's state pins (kf-state). */
const pinned = (html: string, remote: string) =>
  JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(html)![1]).registry.remotes[remote];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test.describe.configure({ mode: 'serial' });

test('a release through the HTTP endpoint reaches the next page load, server and browser; a rollback serves the exact bytes it served before', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.0');
  const shellScript = await page.locator('script[src*="main."]').getAttribute('src');
  const before = await liveBuild(page.request, 'content');
  const bytesBefore = sha256(await (await page.request.get(`${before.folder}remoteEntry.js`)).body());

  // The content team builds a new version of its remote (only that remote) and publishes it from its CI.
  const outDir = buildRemote('mfe-content', '1.0.1-e2e');
  try {
    const answer = await page.request.post('/registry/v1/remotes/content/builds', {
      headers: { authorization: `Bearer ${operatorToken()}`, 'content-type': 'application/gzip' },
      data: await packBuild(outDir),
      timeout: 120_000,
    });
    expect(answer.status()).toBe(200);
    const released = (await answer.json()).result;
    expect(released).toMatchObject({ outcome: 'released', build: { version: '1.0.1-e2e' }, gate: { ok: true } });

    // The next request is rendered by the new build's server code (no restart) and pins it, with its integrity.
    const html = await (await page.request.get('/porady')).text();
    expect(html).toContain('data-remote-build="content" data-version="1.0.1-e2e"');
    expect(html).toContain('data-ssr="content 1.0.1-e2e"');
    expect(pinned(html, 'content')).toMatchObject({
      version: '1.0.1-e2e',
      entry: expect.stringMatching(/^\/mfe\/content\/[0-9a-f]{16}\/remoteEntry\.js$/),
      integrity: expect.stringMatching(/^sha384-/),
    });
    await page.reload();
    await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.1-e2e');
    expect(await page.locator('script[src*="main."]').getAttribute('src')).toBe(shellScript);
  } finally {
    const rolledBack = await release(['content', '--rollback']);
    expect(rolledBack.output).toContain('rollback');
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const after = await liveBuild(page.request, 'content');
  expect(after).toEqual(before);
  expect(sha256(await (await page.request.get(`${after.folder}remoteEntry.js`)).body())).toBe(bytesBefore);
  const html = await (await page.request.get('/porady')).text();
  expect(html).toContain('data-ssr="content 1.0.0"');
  await page.reload();
  await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.0');
});

test('a catalogue release renders the next product page with its new server code and hydrates with its new browser code; a rollback returns both', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const outDir = buildRemote('mfe-catalog', '1.0.1-e2e');
  const released = await release(['catalog', '--dist', outDir]);
  expect(released.status, released.output).toBe(0);
  expect(released.output).toContain('released catalog 1.0.1-e2e');
  expect(released.output).toMatch(/✓ server-render .*rendered \d+ paths within budget/);
  try {
    const html = await (await page.request.get('/c/grzejniki-lazienkowe')).text();
    expect(html).toContain('data-ssr="catalog 1.0.1-e2e"');
    expect(pinned(html, 'catalog')).toMatchObject({ version: '1.0.1-e2e' });
    await page.goto('/c/grzejniki-lazienkowe');
    const hydrated = await page.evaluate(() => ({
      version: (window as unknown as { __KALORYFER_SHELL__: { variantOf(remote: string): { version: string } } }).__KALORYFER_SHELL__.variantOf('catalog')
        .version,
      errors: (window as unknown as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__ ?? [],
    }));
    expect(hydrated).toEqual({ version: '1.0.1-e2e', errors: [] });
  } finally {
    await release(['catalog', '--rollback']);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const rolledBack = await (await page.request.get('/c/grzejniki-lazienkowe')).text();
  expect(rolledBack).toContain('data-ssr="catalog 1.0.0"');
  expect(pinned(rolledBack, 'catalog')).toMatchObject({ version: '1.0.0' });
});

test.describe('a build the gate refuses never reaches a shopper', () => {
  let outDir: string;
  test.beforeAll(() => {
    outDir = buildRemote('mfe-content', '1.0.2-e2e');
  });
  test.afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  test('a server build whose render throws: the release exits 1 with the gate’s reasons, the shop keeps serving the old build', async ({ page }) => {
    test.setTimeout(120_000);
    const renderFile = path.join(outDir, 'server', 'render.js');
    const original = fs.readFileSync(renderFile);
    // The bundle's exports are getters: the module's exports are replaced as a whole.
    fs.appendFileSync(renderFile, '\nmodule.exports = { render: async () => { throw new Error("a bug released on purpose"); } };\n');
    try {
      const refused = await release(['content', '--dist', outDir]);
      expect(refused.status).toBe(1);
      expect(refused.output).toContain('the release gate refused content 1.0.2-e2e');
      expect(refused.output).toMatch(/✗ server-render .*a bug released on purpose/);
    } finally {
      fs.writeFileSync(renderFile, original);
    }
    expect(await (await page.request.get('/porady')).text()).toContain('data-ssr="content 1.0.0"');
    await page.goto('/porady');
    await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.0');
    await expect(page.locator('[data-fallback]')).toHaveCount(0);
  });

  test('a build made against contracts 2.0.0: refused by the gate, the shop keeps serving the old build', async ({ page }) => {
    test.setTimeout(120_000);
    const infoFile = path.join(outDir, 'build-info.json');
    const original = fs.readFileSync(infoFile, 'utf8');
    fs.writeFileSync(infoFile, JSON.stringify({ ...JSON.parse(original), contracts: '2.0.0' }));
    try {
      const refused = await release(['content', '--dist', outDir]);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/✗ contracts .*built against contracts 2\.0\.0, but the shell speaks 1\./);
    } finally {
      fs.writeFileSync(infoFile, original);
    }
    expect(await (await page.request.get('/porady')).text()).toContain('data-ssr="content 1.0.0"');
    const history = await release(['content', '--dist', outDir]); // the unchanged build, to show the version was never taken
    expect(history.status, history.output).toBe(0);
    expect((await release(['content', '--rollback'])).status).toBe(0);
  });
});

test('an entry whose bytes change on its team origin after publishing is refused by the browser (integrity) and the region falls back', async ({ page }) => {
  test.setTimeout(180_000);
  const outDir = buildRemote('mfe-content', '1.0.3-origin');
  const origin: http.Server = await startTeamOrigin(outDir, '127.0.0.1', 0);
  const base = `http://127.0.0.1:${(origin.address() as { port: number }).port}/`;
  try {
    const released = await release(['content', '--dist', outDir, '--origin', base]);
    expect(released.status, released.output).toBe(0);
    expect(released.output).toMatch(/✓ origin .*files at http:\/\/127\.0\.0\.1:\d+\/ match the published bytes/);
    const html = await (await page.request.get('/porady')).text();
    expect(pinned(html, 'content')).toMatchObject({ version: '1.0.3-origin', entry: `${base}remoteEntry.js`, integrity: expect.stringMatching(/^sha384-/) });

    // The team's files as published: the browser runs them.
    await page.goto('/porady');
    await expect(page.locator('[data-fallback="content"]')).toHaveCount(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { __KALORYFER_SHELL__: { variantOf(r: string): { version: string } } }).__KALORYFER_SHELL__.variantOf('content').version,
      ),
    ).toBe('1.0.3-origin');

    // Someone changes the entry on the team's origin: the browser refuses it, the region falls back as in an outage.
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    fs.appendFileSync(path.join(outDir, 'remoteEntry.js'), '\n;window.__changedOnTheCdn = true;\n');
    for (const twin of ['remoteEntry.js.br', 'remoteEntry.js.gz']) fs.rmSync(path.join(outDir, twin), { force: true }); // the origin serves the changed file itself
    await page.goto('/porady');
    const fallback = page.locator('[data-fallback="content"][role="alert"]');
    await expect(fallback).toContainText('Ta część sklepu jest chwilowo niedostępna');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the server's page stays readable
    expect(await page.evaluate(() => (window as unknown as { __changedOnTheCdn?: boolean }).__changedOnTheCdn ?? false)).toBe(false);
    expect(messages.join('\n')).toMatch(/integrity/i);
  } finally {
    const back = await release(['content', '--rollback', '--to', '1.0.0']);
    if (back.status !== 0) console.error(back.output);
    await new Promise((resolve) => origin.close(resolve));
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  expect(await (await page.request.get(`${BASE_URL}/porady`)).text()).toContain('data-ssr="content 1.0.0"');
});
