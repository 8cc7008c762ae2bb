import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { REPO_ROOT, SHOP_ENV } from '../shop-env';
import { writeJsonAtomic } from '../../scripts/lib/registry-file';

const footerBuild = (page: import('@playwright/test').Page) => page.locator('[data-remote-build="content"]');

/** The build of a remote a page's state pins (kf-state). */
const pinned = (html: string, remote: string) =>
  JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(html)![1]).registry.remotes[remote];
const pinnedContent = (html: string) => pinned(html, 'content');

function run(command: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT) {
  execFileSync(command, args, { cwd, env: { ...process.env, ...SHOP_ENV, ...env }, stdio: 'pipe' });
}

test('a release and a rollback change what the next request renders and pins, on the server and in the browser, without restarting or rebuilding anything else', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.0');
  const shellScript = await page.locator('script[src*="main."]').getAttribute('src');

  // The content team builds a new version of its remote (only that remote)...
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-content-'));
  run('npx', ['rspack', 'build'], { REMOTE_VERSION: '1.0.1-e2e', REMOTE_OUT_DIR: outDir }, path.join(REPO_ROOT, 'mfe-content'));
  // ...and releases it.
  run('npx', ['tsx', 'scripts/release.ts', 'content', '--dist', outDir]);

  // The next request is rendered by the new build's server code (no restart) and pins it.
  const released = await (await page.request.get('/porady')).text();
  expect(released).toContain('data-remote-build="content" data-version="1.0.1-e2e"');
  expect(released).toContain('data-ssr="content 1.0.1-e2e"');
  expect(pinnedContent(released)).toMatchObject({ version: '1.0.1-e2e', entry: expect.stringContaining('/1.0.1-e2e/remoteEntry.js') });
  await page.reload();
  await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.1-e2e');
  expect(await page.locator('script[src*="main."]').getAttribute('src')).toBe(shellScript);

  run('npx', ['tsx', 'scripts/release.ts', 'content', '--rollback']);
  const rolledBack = await (await page.request.get('/porady')).text();
  expect(rolledBack).toContain('data-ssr="content 1.0.0"');
  expect(pinnedContent(rolledBack)).toMatchObject({ version: '1.0.0' });
  await page.reload();
  await expect(footerBuild(page)).toHaveAttribute('data-version', '1.0.0');
  fs.rmSync(outDir, { recursive: true, force: true });
});

test('a catalogue release renders the next product page with its new server code and hydrates with its new browser code; a rollback returns both', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaloryfer-catalog-'));
  run('npx', ['rspack', 'build'], { REMOTE_VERSION: '1.0.1-e2e', REMOTE_OUT_DIR: outDir }, path.join(REPO_ROOT, 'mfe-catalog'));
  run('npx', ['tsx', 'scripts/release.ts', 'catalog', '--dist', outDir]);
  try {
    const html = await (await page.request.get('/c/grzejniki-lazienkowe')).text();
    expect(html).toContain('data-ssr="catalog 1.0.1-e2e"');
    expect(pinned(html, 'catalog')).toMatchObject({ version: '1.0.1-e2e', entry: expect.stringContaining('/1.0.1-e2e/remoteEntry.js') });
    await page.goto('/c/grzejniki-lazienkowe');
    const hydrated = await page.evaluate(() => ({
      version: (window as unknown as { __KALORYFER_SHELL__: { variantOf(remote: string): { version: string } } }).__KALORYFER_SHELL__.variantOf('catalog')
        .version,
      errors: (window as unknown as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__ ?? [],
    }));
    expect(hydrated).toEqual({ version: '1.0.1-e2e', errors: [] });
  } finally {
    run('npx', ['tsx', 'scripts/release.ts', 'catalog', '--rollback']);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const rolledBack = await (await page.request.get('/c/grzejniki-lazienkowe')).text();
  expect(rolledBack).toContain('data-ssr="catalog 1.0.0"');
  expect(pinned(rolledBack, 'catalog')).toMatchObject({ version: '1.0.0' });
});

test('a remote built against another contracts major is refused, on the server and in the browser, and the region falls back', async ({ page }) => {
  // An operator publishes a content build made against contracts 2.x (the shell speaks 1.x).
  const file = path.join(SHOP_ENV.VAR_DIR, 'mfe-registry.json');
  const published = fs.readFileSync(file, 'utf8');
  const registry = JSON.parse(published);
  registry.remotes.content.contracts = '2.0.0';
  writeJsonAtomic(file, registry);
  try {
    const html = await (await page.request.get('/porady')).text();
    expect(html).not.toContain('data-ssr="content');
    await page.goto('/porady');
    await expect(page.locator('[data-fallback="content"][role="alert"]')).toBeVisible();
    const events = await page.evaluate(() => (window as unknown as { dataLayer: { event: string }[] }).dataLayer);
    expect(events).toContainEqual(expect.objectContaining({ event: 'mfe_refused', remote: 'content' }));
  } finally {
    writeJsonAtomic(file, JSON.parse(published));
  }
});
