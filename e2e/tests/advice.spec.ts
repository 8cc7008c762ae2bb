import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors } from './helpers';

/**
 * The advice section as a reader uses it: /porady → a topic → an article (table of contents,
 * JSON-LD in the server's head) → a product the article recommends → the cart. Both pages have
 * no serious or critical axe findings.
 */
async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => violation.id)).toEqual([]);
}

const ARTICLE = 'Zawory i głowice termostatyczne: jak działają i jak je ustawić';

test('/porady → topic filter → an article → a related product → add to cart; axe clean on both advice pages', async ({ page }) => {
  test.slow(); // a journey through four pages
  const errors = collectPageErrors(page);
  await page.goto('/porady');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Porady');
  const topics = page.getByRole('navigation', { name: 'Tematy porad' });
  await expect(topics.getByRole('link', { name: /^Wszystkie tematy/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.advice-card')).toHaveCount(12);
  for (const lead of await page.locator('.advice-card-lead').allTextContents()) expect(lead.length).toBeLessThanOrEqual(150);
  await expect(page.getByRole('navigation', { name: 'Strony z poradami' }).getByRole('link', { name: 'Następna' })).toHaveAttribute('href', '/porady?page=2');
  await expectNoSeriousA11yViolations(page);

  // The topic filter is a link: the URL carries it, the list shows only that topic.
  await topics.getByRole('link', { name: /^Sterowanie i oszczędzanie/ }).click();
  await expect(page).toHaveURL(/\/porady\?topic=sterowanie$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Porady: Sterowanie i oszczędzanie');
  await expect(topics.getByRole('link', { name: /^Sterowanie i oszczędzanie/ })).toHaveAttribute('aria-current', 'page');
  for (const topic of await page.locator('.advice-card-topic').allTextContents()) expect(topic).toBe('Sterowanie i oszczędzanie');

  // The article: headings, a table of contents that jumps to them, the server's JSON-LD.
  await page.getByRole('link', { name: ARTICLE }).click();
  await expect(page).toHaveURL(/\/porady\/zawory-i-glowice-termostatyczne$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE);
  await expect(page.getByText(/\d+ minut[ay]? czytania/).first()).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Spis treści' });
  const entry = contents.getByRole('link', { name: 'Co oznaczają cyfry' });
  await entry.click();
  await expect(page).toHaveURL(/#co-oznaczaja-cyfry$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Co oznaczają cyfry' })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  const served = await (await page.request.get('/porady/zawory-i-glowice-termostatyczne')).text();
  expect(served).toContain('"@type":"Article"');
  expect(served).toContain('"@type":"BreadcrumbList"');
  expect(served).toContain(`<h1 id=`);

  // A product the article recommends, then into the cart.
  const products = page.getByRole('region', { name: 'Produkty do tej porady' });
  const product = products.getByRole('listitem').first().getByRole('link');
  const name = (await product.textContent())!.trim();
  await product.click();
  await expect(page).toHaveURL(/\/p\/KF-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Koszyk: 1 produkt w koszyku' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown article is page-not-found with the path in nf, answered 404 by the server', async ({ page }) => {
  const response = await page.request.get('/porady/nie-ma-takiej-porady');
  expect(response.status()).toBe(404);
  await page.goto('/porady/nie-ma-takiej-porady');
  await expect(page).toHaveURL(/\/page-not-found\?nf=%2Fporady%2Fnie-ma-takiej-porady$/);
});
