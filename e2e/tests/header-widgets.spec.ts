import type { Page, Route } from '@playwright/test';
import { REMOTE_FILES } from '../shop-env';
import { expect, test } from './fixtures';
import { signedInCustomer } from './helpers';
import { uniqueEmail } from './mail';

/**
 * Another remote's header widget costs a content page nothing until it is needed (issue #51,
 * docs/rendering.md "Header widgets"): on a CMS page, the advice list and an article the
 * page runs the shell's and the content remote's code only — the search, account, wishlist
 * and mini-cart buttons are the shell's launchers until the shopper reaches for one. A press
 * made before the widget's code arrived shows at once (busy) and is made again on the widget;
 * every widget opens from the keyboard.
 */
const CONTENT_PAGES = ['/i/dostawa', '/porady', '/porady/jak-dobrac-moc-grzejnika'];
const OTHER_REMOTES = ['catalog', 'cart', 'checkout', 'account'] as const;

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

for (const path of CONTENT_PAGES) {
  test(`${path}: a first visit runs no other remote's code after hydration and while idle`, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
    await page.waitForLoadState('networkidle');
    // Idle time after the route hydrated: nothing of the header's remotes is fetched meanwhile.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500))));
    expect(scripts.some((url) => url.startsWith(`${REMOTE_FILES.content}/`))).toBe(true);
    for (const remote of OTHER_REMOTES)
      expect(
        scripts.filter((url) => url.startsWith(`${REMOTE_FILES[remote]}/`)),
        remote,
      ).toEqual([]);
    for (const name of ['search', 'account', 'wishlist', 'minicart']) await expect(page.locator(`[data-launcher="${name}"]`)).toBeVisible();
  });
}

test('a press on the search button before its code arrived is kept: busy at once, the search opens once when the code comes', async ({ page }) => {
  const held: Route[] = [];
  let hold = true;
  await page.route(`${REMOTE_FILES.catalog}/**`, (route) => (hold ? held.push(route) : route.continue()));
  await page.goto('/i/dostawa');
  await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
  const launcher = page.locator('[data-launcher="search"]');
  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Szukaj w sklepie')).toHaveCount(0);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  hold = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByLabel('Szukaj w sklepie')).toBeFocused();
  await expect(page.getByLabel('Szukaj w sklepie')).toHaveCount(1);
  await expect(page.locator('[data-launcher="search"]')).toHaveCount(0);
});

test('every header widget opens from the keyboard on an article', async ({ page }) => {
  await page.goto('/porady/jak-dobrac-moc-grzejnika');
  await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');

  await page.locator('[data-launcher="search"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Szukaj w sklepie')).toBeFocused();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Zaloguj się' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: /^Koszyk/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: /^Lista życzeń/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Lista życzeń/ })).toHaveAttribute('aria-expanded', 'true');
});

test("a customer who viewed a product: a CMS page still runs no catalogue code, and the account's recently viewed lists it on a fresh load", async ({
  page,
}) => {
  await page.goto('/');
  await signedInCustomer(page, { email: uniqueEmail('viewed'), firstname: 'Jadwiga' });

  await page.goto('/c/grzejniki-lazienkowe');
  await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
  await page.locator('main a[href^="/p/"]').first().click();
  await expect(page).toHaveURL(/\/p\//);
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  // The catalogue keeps what was viewed in this browser (STORED_STATE_KEYS.recentlyViewed).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kaloryfer.recently-viewed') ?? '')).toContain(name);

  const scripts = scriptsOf(page);
  await page.goto('/i/dostawa');
  await expect(page.locator('html')).toHaveAttribute('data-route-ready', '');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500))));
  expect(scripts.filter((url) => url.startsWith(`${REMOTE_FILES.catalog}/`))).toEqual([]);

  // The account's page reads the catalogue's list: the catalogue's owners start for it.
  await page.goto('/my-account/recently-viewed');
  await expect(page.getByRole('link', { name })).toBeVisible();
});
