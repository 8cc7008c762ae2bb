import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_VAR_DIR } from '../shop-env';
import { addToCart, fillAddress, fillPerson } from './checkout-helpers';
import { collectPageErrors, dataLayer, findProducts } from './helpers';

/**
 * Buying, as a guest clicks through it: checkout variant a (steps) and b (one page) from the
 * same rules, a company invoice with the GUS lookup, the sandbox gateway's page, and the
 * thank-you page showing what the server knows about the payment.
 */

const seriousViolations = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => violation.id);

test('variant a: a guest buys a configurable radiator with a company invoice (NIP from GUS) and pays online in the sandbox → paid', async ({ page }) => {
  test.slow();
  const errors = collectPageErrors(page);
  await page.goto('/?mfe=checkout:a');
  const radiators = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'configurable' } }], 10);
  const radiator = radiators.find((product) => product.configurable_children!.some((child) => child.stock.is_in_stock))!;
  const variant = radiator.configurable_children!.find((child) => child.stock.is_in_stock)!;
  const added = await addToCart(page, `/p/${radiator.sku}/${radiator.slug}/${variant.sku}`);
  await added.getByRole('button', { name: 'Przejdź do kasy' }).click();

  // Step 1: a company; a valid NIP offers the register's data.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Krok 1 z 4: Dane osobowe' })).toBeVisible();
  await page.getByRole('radio', { name: 'Firma (faktura VAT)' }).check();
  await fillPerson(page);
  await page.getByLabel('NIP').fill('951-234-56-76');
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByText('Ten numer NIP jest nieprawidłowy — sprawdź cyfry.')).toBeVisible();
  await expect(page.getByLabel('NIP')).toBeFocused();
  await page.getByLabel('NIP').fill('951-234-56-75');
  await expect(page.getByText('W rejestrze GUS:')).toContainText('Instalbud Sp. z o.o.');
  await page.getByRole('button', { name: 'Uzupełnij dane firmy' }).click();
  await expect(page.getByLabel('Nazwa firmy')).toHaveValue('Instalbud Sp. z o.o.');
  expect(await seriousViolations(page, '.checkout-form')).toEqual([]);
  await page.getByRole('button', { name: 'Dalej' }).click();

  // Step 2: the delivery address; a radiator goes by courier (it does not fit a locker).
  await expect(page).toHaveURL(/#shipping$/);
  await expect(page.getByRole('heading', { name: 'Krok 2 z 4: Dostawa' })).toBeFocused();
  await fillAddress(page);
  const shipping = page.getByRole('group', { name: 'Sposób dostawy' });
  await expect(shipping.getByRole('radio', { name: /Kurier/ })).toBeChecked();
  await expect(shipping.getByRole('radio', { name: /Paczkomat/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Dalej' }).click();

  // Step 3: billing is the company's seat (from GUS); pay online.
  await expect(page).toHaveURL(/#payment$/);
  await expect(page.getByRole('checkbox', { name: /takie same jak adres dostawy/ })).not.toBeChecked();
  await expect(page.getByLabel('Ulica')).toHaveValue('ul. Grzewcza');
  await page.getByRole('radio', { name: /Szybki przelew online/ }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();

  // Step 4: the review, the terms, the button that obliges to pay.
  await expect(page).toHaveURL(/#orderReview$/);
  await expect(page.getByRole('cell', { name: new RegExp(radiator.name) })).toBeVisible();
  await expect(page.getByText('NIP 951-234-56-75')).toBeVisible();
  await expect(page.getByText('Do zapłaty')).toBeVisible();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page.getByText('Musisz zaakceptować regulamin')).toBeVisible();
  await page.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  const steps = (await dataLayer(page))
    .filter((event) => event.event === 'checkout')
    .map((event) => (event.ecommerce as { checkout: { actionField: { step: number } } }).checkout.actionField.step);
  expect(steps).toEqual([2, 3, 4, 5]);
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();

  // The sandbox gateway's page: pay.
  await expect(page.getByRole('heading', { name: 'Bramka płatności – sandbox' })).toBeVisible();
  await page.getByRole('button', { name: /^Zapłać/ }).click();

  // Back on the thank-you page: paid, as the signed notification said.
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  const orderNumber = new URL(page.url()).searchParams.get('order_increment_id')!;
  await expect(page.getByText('Płatność przyjęta. Zamówienie przekazaliśmy do realizacji.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Numer zamówienia: ${orderNumber}`)).toBeVisible();
  await expect(page.getByText('Instalbud Sp. z o.o., NIP 9512345675')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' })).toBeVisible();
  const mails = fs.readdirSync(path.join(E2E_VAR_DIR, 'mail'));
  expect(mails.some((file) => file.includes(orderNumber))).toBe(true);
  expect(errors).toEqual([]);
});

test('variant b: one page, cash on delivery → the thank-you page says what to pay the courier', async ({ page }) => {
  test.slow();
  const errors = collectPageErrors(page);
  await page.goto('/?mfe=checkout:b');
  const simple = (await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 30)).find((product) => product.name.startsWith('Zawór'))!;
  const added = await addToCart(page, `/p/${simple.sku}/${simple.slug}`);
  await added.getByRole('button', { name: 'Przejdź do kasy' }).click();
  await expect(page.getByText('Zamówienie na jednej stronie')).toBeVisible();

  const personal = page.getByRole('region', { name: '1. Dane osobowe' });
  const shipping = page.getByRole('region', { name: '2. Dostawa' });
  const payment = page.getByRole('region', { name: '3. Płatność' });
  const review = page.getByRole('region', { name: '4. Podsumowanie' });
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(personal.getByLabel('Imię', { exact: true })).toBeFocused();
  await fillPerson(personal);
  await fillAddress(shipping);
  await shipping.getByLabel('Kod pocztowy').fill('30001');
  await payment.getByRole('radio', { name: /Płatność przy odbiorze/ }).check();
  // Headless Linux Chromium can pay with no wallet: neither is offered.
  await expect(payment.getByRole('radio', { name: /Apple Pay|Google Pay/ })).toHaveCount(0);
  await review.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(shipping.getByLabel('Kod pocztowy')).toBeFocused();
  await expect(shipping.getByText('Wpisz kod pocztowy w formacie xx-xxx')).toBeVisible();
  await shipping.getByLabel('Kod pocztowy').fill('30-001');
  await expect(review.getByText('Opłata za płatność')).toBeVisible();
  expect(await seriousViolations(page, '.checkout-form')).toEqual([]);
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();

  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  await expect(page.getByText(/Zapłacisz .* kurierowi przy odbiorze przesyłki\./)).toBeVisible();
  await expect(page.getByText('Potwierdzenie zamówienia wysłaliśmy na adres anna.kowalska@example.pl.')).toBeVisible();
  await expect(page.getByText(/Potwierdzenie wyślemy/)).toHaveCount(0); // one true sentence about the e-mail, not two
  await expect(page.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a declined online payment: the thank-you page says so and offers a retry, which can succeed (BLIK)', async ({ page }) => {
  test.slow();
  await page.goto('/?mfe=checkout:a');
  const simple = (await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 30)).find((product) => product.name.startsWith('Zawór'))!;
  const added = await addToCart(page, `/p/${simple.sku}/${simple.slug}`);
  await added.getByRole('button', { name: 'Przejdź do kasy' }).click();
  await fillPerson(page);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('radio', { name: 'BLIK' }).check();
  await page.getByRole('button', { name: 'Dalej' }).click();
  await page.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();

  await expect(page.getByLabel('Kod BLIK (6 cyfr z aplikacji banku)')).toBeVisible();
  await page.getByRole('button', { name: 'Odrzuć płatność' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}&error=501$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Płatność nie powiodła się' })).toBeVisible();
  await page.getByRole('button', { name: 'Ponów płatność' }).click();

  await page.getByLabel('Kod BLIK (6 cyfr z aplikacji banku)').fill('12');
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Wpisz 6-cyfrowy kod BLIK z aplikacji banku.');
  await page.getByLabel('Kod BLIK (6 cyfr z aplikacji banku)').fill('777123');
  await page.getByRole('button', { name: /^Zapłać/ }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  await expect(page.getByText('Płatność przyjęta. Zamówienie przekazaliśmy do realizacji.')).toBeVisible({ timeout: 20_000 });
});
