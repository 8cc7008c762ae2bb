import type { Locator, Page } from '@playwright/test';
import { expect, routeReady } from './fixtures';

/** What a shopper types into the checkout, and the steps both variants share (checkout.spec, experiment.spec). */

export async function addToCart(page: Page, url: string) {
  await page.goto(url);
  // A page of a context of the test's own (experiment.spec) is not the fixture's: wait here too.
  await routeReady(page);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
  await expect(added).toBeVisible();
  return added;
}

export async function fillPerson(scope: Locator | Page) {
  await scope.getByLabel('Imię', { exact: true }).fill('Anna');
  await scope.getByLabel('Nazwisko', { exact: true }).fill('Kowalska');
  await scope.getByLabel('E-mail', { exact: true }).fill('anna.kowalska@example.pl');
  await scope.getByLabel('Telefon', { exact: true }).fill('601 234 567');
}

export async function fillAddress(scope: Locator | Page) {
  await scope.getByLabel('Ulica').fill('ul. Kwiatowa');
  await scope.getByLabel('Numer domu').fill('12');
  await scope.getByLabel(/^Numer lokalu/).fill('4');
  await scope.getByLabel('Kod pocztowy').fill('30-001');
  await scope.getByLabel('Miejscowość').fill('Kraków');
}
