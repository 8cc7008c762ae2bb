import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors } from './helpers';

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('CMS pages', () => {
  test('footer → regulamin → breadcrumbs → a sibling page in the side navigation', async ({ page }) => {
    const errors = collectPageErrors(page);
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Regulamin sklepu' }).click();
    await expect(page).toHaveURL(/\/i\/regulamin$/);
    await expect(heading).toHaveText('Regulamin sklepu');
    // Real content from the CMS: the order button's wording, the 14-day right, the last update in Polish.
    await expect(page.getByRole('heading', { level: 2, name: '§ 6. Prawo odstąpienia od umowy' })).toBeVisible();
    await expect(page.locator('.cms-body')).toContainText('„Zamawiam i płacę”');
    await expect(page.getByText('Ostatnia aktualizacja: 1 listopada 2026')).toBeVisible();
    await expect(page.getByRole('link', { name: 'prawakonsumenta.uokik.gov.pl' })).toHaveAttribute('rel', 'noopener noreferrer');

    const crumbs = page.getByRole('navigation', { name: 'Okruszki' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Strona główna', 'Informacje dla klienta', 'Regulamin sklepu']);

    // The side navigation: the pages beside this one under their parent, this one marked.
    const side = page.getByRole('navigation', { name: 'Informacje dla klienta' });
    await expect(side.locator('a[aria-current="page"]')).toHaveText('Regulamin sklepu');
    await side.getByRole('link', { name: 'Dostawa', exact: true }).click();
    await expect(page).toHaveURL(/\/i\/dostawa$/);
    await expect(heading).toHaveText('Dostawa');
    await expect(page.getByRole('table', { name: 'Koszty dostawy (ceny brutto)' })).toBeVisible();
    await expect(side.locator('a[aria-current="page"]')).toHaveText('Dostawa');

    // Up the breadcrumbs to the overview, which lists every page of the shop.
    await crumbs.getByRole('link', { name: 'Informacje dla klienta' }).click();
    await expect(page).toHaveURL(/\/i\/informacje$/);
    await expect(heading).toHaveText('Informacje dla klienta');
    await expect(page.getByRole('navigation', { name: 'Strony informacyjne' }).locator('a[aria-current="page"]')).toHaveText('Informacje dla klienta');
    expect(errors).toEqual([]);
  });

  test('an internal link in the body is a navigation within the shop', async ({ page }) => {
    await page.goto('/i/dostawa');
    await page.locator('.cms-body').getByRole('link', { name: 'Płatności' }).click();
    await expect(page).toHaveURL(/\/i\/platnosci$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Płatności');
    await expect(page.getByRole('rowheader', { name: 'BLIK' })).toBeVisible();
  });

  test('an unknown page is page-not-found carrying its path in nf, a 404 from the server', async ({ page }) => {
    const response = await page.goto('/i/nie-ma-takiej-strony');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/page-not-found\?nf=%2Fi%2Fnie-ma-takiej-strony$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nie znaleziono strony');
  });

  test('axe finds nothing serious on a CMS page with a table and its side navigation', async ({ page }) => {
    await page.goto('/i/dostawa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dostawa');
    await expectNoSeriousA11yViolations(page);
    await page.goto('/i/regulamin');
    await expectNoSeriousA11yViolations(page);
  });
});
