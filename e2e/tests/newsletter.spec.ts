import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectPageErrors, findWithStock } from './helpers';
import { fromMail, mailsTo, uniqueEmail } from './mail';

/**
 * The newsletter with double opt-in, as a shopper goes through it: the footer's form (a plain
 * form: it works without JavaScript) with the unticked consent → "check your inbox" → the
 * confirmation e-mail in the shop's outbox (.eml files in VAR_DIR/mail) → its link → the coupon
 * e-mail with a unique code → the code takes 10 % off in the cart.
 */

async function signUp(page: Page, email: string) {
  const newsletter = page.getByRole('region', { name: 'Newsletter', exact: true });
  await newsletter.getByRole('textbox', { name: 'Adres e-mail' }).fill(email);
  const consent = newsletter.getByRole('checkbox', { name: /^Wyrażam zgodę na przesyłanie/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await newsletter.getByRole('button', { name: 'Zapisz mnie' }).click();
}

test('footer form with consent → confirmation e-mail → its link → coupon e-mail → the unique code takes 10 % off in the cart', async ({ page }) => {
  test.slow(); // a journey through the outbox, four pages and the microcart
  const errors = collectPageErrors(page);
  const email = uniqueEmail('newsletter');
  await page.goto('/porady');
  const newsletter = page.getByRole('region', { name: 'Newsletter', exact: true });
  await expect(newsletter).toBeVisible();
  await expect(
    new AxeBuilder({ page })
      .include('#newsletter')
      .analyze()
      .then((result) => result.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => violation.id)),
  ).resolves.toEqual([]);

  // The form posts to the API, which sends the browser back to this page with the outcome.
  await signUp(page, email);
  await page.waitForURL(/\/porady\?newsletter=check-inbox#newsletter$/);
  await expect(page.getByRole('region', { name: 'Newsletter', exact: true }).getByRole('status')).toHaveText(
    /^Sprawdź skrzynkę: wysłaliśmy link potwierdzający\./,
  );
  expect((await (await page.request.get(`/api/ext/newsletter?email=${encodeURIComponent(email)}`)).json()).result).toBe('pending');

  // The confirmation e-mail in the outbox; its link confirms once.
  const link = await fromMail(email, /http:\/\/[^\s"<>]+\/api\/ext\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/);
  await page.goto(link);
  await page.waitForURL(/\/\?newsletter=confirmed#newsletter$/);
  await expect(page.getByRole('region', { name: 'Newsletter', exact: true }).getByRole('status')).toHaveText(
    'Zapis potwierdzony — dziękujemy! Kod rabatowy -10% wysłaliśmy na Twój adres e-mail.',
  );
  expect((await (await page.request.get(`/api/ext/newsletter?email=${encodeURIComponent(email)}`)).json()).result).toBe('subscribed');
  await page.goto(link);
  await expect(page.getByRole('region', { name: 'Newsletter', exact: true }).getByRole('status')).toHaveText(/^Ten link potwierdzający został już użyty\./);

  // The coupon e-mail: a code of this subscriber's own.
  const code = await fromMail(email, /NL10-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/);

  // The code in a cart: the microcart shows the 10 % discount.
  // A product with units to spare (journeys earlier in the run buy some products' last units).
  const [chosen] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }]);
  await page.goto(`/p/${chosen.sku}/${chosen.slug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
  await expect(added).toBeVisible();
  await added.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: /^Koszyk: 1 produkt/ }).click();
  const microcart = page.getByRole('dialog', { name: 'Twój koszyk' });
  await microcart.getByRole('textbox', { name: 'Kod rabatowy' }).fill(code.toLowerCase());
  await microcart.getByRole('button', { name: 'Zastosuj' }).click();
  await expect(microcart.getByText(`Rabat (${code})`)).toBeVisible();
  const money = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
  const summary = microcart.getByRole('region', { name: 'Podsumowanie' });
  await expect
    .poll(async () => money(await summary.locator('.total-grand_total dd').textContent()))
    .toBeCloseTo(money(await summary.locator('.total-subtotal dd').textContent()) * 0.9, 1);
  expect(errors).toEqual([]);
});

test("the home page has its own form; its answer comes back to it, not to the footer's", async ({ page }) => {
  const email = uniqueEmail('home');
  await page.goto('/');
  const home = page.getByRole('region', { name: 'Newsletter: -10% na pierwsze zakupy' });
  await home.getByRole('textbox', { name: 'Adres e-mail' }).fill(email);
  await home.getByRole('checkbox').check();
  await home.getByRole('button', { name: 'Zapisz mnie' }).click();
  await page.waitForURL(/\/\?newsletter=check-inbox&newsletter_form=home#newsletter-home$/);
  await expect(page.getByRole('region', { name: 'Newsletter: -10% na pierwsze zakupy' }).getByRole('status')).toHaveText(/^Sprawdź skrzynkę/);
  await expect(page.getByRole('region', { name: 'Newsletter', exact: true })).not.toContainText('Sprawdź skrzynkę');
  await fromMail(email, /\/api\/ext\/newsletter\/confirm\?token=/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer form still signs up: the page comes back saying "check your inbox", and the e-mail is sent', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/i/regulamin');
    await signUp(page, email);
    await page.waitForURL(/\/i\/regulamin\?newsletter=check-inbox#newsletter$/);
    await expect(page.getByRole('region', { name: 'Newsletter', exact: true }).getByRole('status')).toHaveText(/^Sprawdź skrzynkę/);
    await fromMail(email, /\/api\/ext\/newsletter\/confirm\?token=/);
    // Signing up again (from another page) while the link is live sends nothing more.
    await page.goto('/porady');
    await signUp(page, email);
    await page.waitForURL(/\/porady\?newsletter=check-inbox#newsletter$/);
    expect(mailsTo(email)).toHaveLength(1);
  });
});
