import { expect, test } from './fixtures';
import { REMOTE_FILES } from '../shop-env';
import { collectPageErrors, overrideRegistry } from './helpers';

test('a remote whose code 404s: its server-rendered page stays readable under a Polish fallback; the rest of the shop works; retry recovers', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  let down = true;
  await page.route(`${REMOTE_FILES.content}/**`, (route) => (down ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));

  await page.goto('/i/regulamin');
  const fallback = page.locator('[data-fallback="content"][role="alert"]');
  await expect(fallback).toContainText('Ta część sklepu jest chwilowo niedostępna');
  await expect(fallback.getByRole('button', { name: 'Spróbuj ponownie' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin sklepu'); // the server's page, still there

  // header widgets from other remotes still work
  await page.getByRole('button', { name: 'Szukaj' }).click();
  await expect(page.getByLabel('Szukaj w sklepie')).toBeFocused();
  await page.keyboard.press('Escape');

  // navigation to another remote still works
  await page.getByRole('link', { name: 'Kaloryfer – strona główna' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki dekoracyjne, łazienkowe i pokojowe');

  // back to the broken region (now without server HTML: the full fallback), the remote recovers, retry mounts it in place
  await page.goBack();
  await expect(fallback).toBeVisible();
  down = false;
  await fallback.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin sklepu');
  expect(errors).toEqual([]);
});

test('a remote whose network fails does not hold up boot or other regions', async ({ page }) => {
  await page.route(`${REMOTE_FILES.catalog}/**`, (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.locator('[data-fallback="catalog"][role="alert"]')).toBeVisible();
  // the server's page is still there to read, its links to follow
  await expect(page.getByRole('link', { name: 'Grzejniki łazienkowe' })).toBeVisible();
  // the footer (content) and the mini-cart (cart) are there
  await expect(page.getByRole('link', { name: 'Regulamin sklepu' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Koszyk/ })).toBeVisible();
  // the catalogue's header search widget, once reached for, shows its compact fallback
  await page.getByRole('button', { name: 'Szukaj', exact: true }).click();
  await expect(page.locator('.widget-fallback[data-fallback="catalog"]')).toBeVisible();
});

test('a remote slower than the registry timeout gives way to the fallback', async ({ page }) => {
  await overrideRegistry(page, { timeoutMs: 1500 });
  await page.route(`${REMOTE_FILES.account}/**`, () => undefined); // never answers
  // (the page preloads the account remote's entry, so its load event waits for that origin too)
  await page.goto('/my-account', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-fallback="account"][role="alert"]')).toBeVisible({ timeout: 8000 });
  await expect(page.getByRole('link', { name: 'Regulamin sklepu' })).toBeVisible();
});
