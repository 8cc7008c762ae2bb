import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { SHOP_ENV } from '../shop-env';
import { expect, test } from './fixtures';
import { collectPageErrors, findWithStock, type Found } from './helpers';
import { fromMail, uniqueEmail } from './mail';

/**
 * A customer's side of the shop, as a shopper clicks through it (issue #17): registering,
 * signing in and out with the guest cart merged once, the wishlist on the server, buying as a
 * customer with a saved address, the order in the history, a forgotten password reset from the
 * e-mail, and the session's tokens: an expired access token refreshed once for the whole page,
 * a refresh token used elsewhere ending the session quietly with the sign-up dialog.
 * The suite's API gives access tokens ACCESS_TOKEN_TTL seconds (shop-env.ts).
 */

const PASSWORD = 'Grzejnik-2026!';
const TOKEN_TTL_MS = Number(SHOP_ENV.ACCESS_TOKEN_TTL) * 1000;

const seriousViolations = async (page: Page, selector = 'body') =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

const header = (page: Page) => page.locator('.site-header');
const cartButton = (page: Page, count: string) => header(page).getByRole('button', { name: `Koszyk: ${count}` });
const signedInAs = (page: Page, name: string) => header(page).getByRole('button', { name: `Konto: ${name}` });

async function openSignIn(page: Page) {
  await header(page).getByRole('button', { name: 'Zaloguj się' }).click();
  return page.getByRole('dialog', { name: 'Zaloguj się' });
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByLabel('Hasło', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(dialog).toBeHidden();
}

async function signOut(page: Page, name: string) {
  await signedInAs(page, name).click();
  await header(page).getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wylogowano' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
}

/** An account made through the API (the journeys that are not about registering start with one). */
async function accountFor(page: Page, firstname: string): Promise<string> {
  const email = uniqueEmail(firstname.toLowerCase());
  const response = await page.request.post('/api/user/create', { data: { customer: { email, firstname, lastname: 'Zielińska' }, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return email;
}

async function addToCart(page: Page, product: Found) {
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
}

const simpleProducts = (page: Page, count: number) => findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], count);

test("register, log out, sign in: the guest cart merges into the customer's once — not again on reload or the next sign-in", async ({ page }) => {
  test.slow();
  const errors = collectPageErrors(page);
  const [first, second] = await simpleProducts(page, 2);
  const email = uniqueEmail('ewa');
  await page.goto('/');

  // Registration: the spec's messages first, then the account, signed in at once.
  const dialog = await openSignIn(page);
  await dialog.getByRole('button', { name: 'Załóż konto' }).click();
  const register = page.getByRole('dialog', { name: 'Załóż konto' });
  await register.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(register.getByLabel('Imię')).toBeFocused();
  await register.getByLabel('Imię').fill('E');
  await register.getByLabel('Nazwisko').fill('Wiśniewska');
  await register.getByLabel('Adres e-mail', { exact: true }).fill(email);
  await register.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Powtórz hasło').fill(`${PASSWORD}x`);
  await register.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(register.getByText('Imię musi mieć co najmniej 2 litery')).toBeVisible();
  await expect(register.getByText('Hasła muszą być identyczne')).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await register.getByLabel('Imię').fill('Ewa');
  await register.getByLabel('Powtórz hasło').fill(PASSWORD);
  await register.getByRole('checkbox', { name: /regulamin sklepu/ }).check();
  await register.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(signedInAs(page, 'Ewa')).toBeVisible();

  // The customer's cart, then logged out: the cart leaves with the session.
  await addToCart(page, first);
  await expect(cartButton(page, '1 produkt w koszyku')).toBeVisible();
  await signOut(page, 'Ewa');
  await expect(cartButton(page, '0 produktów w koszyku')).toBeVisible();

  // A guest's line, then signed in: both carts become one.
  await addToCart(page, second);
  await expect(cartButton(page, '1 produkt w koszyku')).toBeVisible();
  await signIn(page, email);
  await expect(signedInAs(page, 'Ewa')).toBeVisible();
  await expect(cartButton(page, '2 produkty w koszyku')).toBeVisible();
  await page.reload();
  await expect(cartButton(page, '2 produkty w koszyku')).toBeVisible();
  await signOut(page, 'Ewa');
  await signIn(page, email);
  await expect(cartButton(page, '2 produkty w koszyku')).toBeVisible();
  await header(page).getByRole('button', { name: 'Koszyk: 2 produkty w koszyku' }).click();
  const microcart = page.getByRole('dialog', { name: 'Twój koszyk' });
  for (const product of [first, second]) await expect(microcart.getByText(product.name)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a customer's wishlist is on the server: a second browser signed in as them sees it", async ({ page, browser }) => {
  const email = await accountFor(page, 'Olga');
  const [product] = await simpleProducts(page, 1);
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await signIn(page, email);
  await page.getByRole('button', { name: 'Dodaj do listy życzeń' }).click();
  await expect(page.getByText(`Produkt ${product.name} został dodany do listy życzeń!`)).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(`/api/wishlist?token=${await storedToken(page)}`)).json().then((body) => body.result.items_count))
    .toBe(1);

  const other = await secondBrowser(browser);
  await other.goto('/');
  await signIn(other, email);
  await other.getByRole('button', { name: 'Lista życzeń: 1 produkt na liście życzeń' }).click();
  await expect(other.getByRole('dialog', { name: 'Lista życzeń' }).getByRole('link', { name: product.name })).toBeVisible();
  await other.context().close();
});

test('a customer buys with a saved address, and finds the order in their history with its detail', async ({ page }) => {
  test.slow();
  const errors = collectPageErrors(page);
  const email = await accountFor(page, 'Zofia');
  const [product] = await simpleProducts(page, 1);
  await page.goto('/my-account/shipping-details?mfe=checkout:b');
  // Signed out, the page says so and offers the dialog; signed in, it shows itself.
  await expect(page.getByText('Musisz się zalogować, aby zobaczyć tę stronę')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adresy dostawy' })).toBeVisible();

  await page.getByRole('button', { name: 'Dodaj adres' }).click();
  const form = page.locator('form').filter({ has: page.getByLabel('Kod pocztowy') });
  await form.getByLabel('Imię').fill('Zofia');
  await form.getByLabel('Nazwisko').fill('Zielińska');
  await form.getByLabel('Ulica').fill('ul. Grzewcza');
  await form.getByLabel('Numer domu / lokalu').fill('7');
  await form.getByLabel('Kod pocztowy').fill('31042');
  await form.getByLabel('Miejscowość').fill('Kraków');
  await form.getByRole('button', { name: 'Zapisz adres' }).click();
  await expect(form.getByText('Wpisz kod pocztowy w formacie xx-xxx')).toBeVisible();
  await form.getByLabel('Kod pocztowy').fill('31-042');
  await form.getByRole('button', { name: 'Zapisz adres' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Adres został zapisany.' })).toBeVisible();
  await expect(page.locator('address').filter({ hasText: '31-042 Kraków' })).toBeVisible();
  expect(await seriousViolations(page, '#main-content')).toEqual([]);

  // Checkout: the profile and the saved address fill the form.
  await addToCart(page, product);
  await page.goto('/checkout');
  const personal = page.getByRole('region', { name: '1. Dane osobowe' });
  await expect(personal.getByLabel('Imię', { exact: true })).toHaveValue('Zofia');
  await expect(personal.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await personal.getByLabel('Telefon', { exact: true }).fill('601 234 567');
  const shipping = page.getByRole('region', { name: '2. Dostawa' });
  await expect(shipping.getByRole('radio', { name: /ul\. Grzewcza 7, 31-042 Kraków/ })).toBeChecked();
  await expect(shipping.getByLabel('Kod pocztowy')).toHaveValue('31-042');
  await page
    .getByRole('region', { name: '3. Płatność' })
    .getByRole('radio', { name: /Płatność przy odbiorze/ })
    .check();
  await page
    .getByRole('region', { name: '4. Podsumowanie' })
    .getByRole('checkbox', { name: /regulamin sklepu/ })
    .check();
  await page.getByRole('button', { name: 'Zamawiam i płacę' }).click();
  await expect(page).toHaveURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  const orderNumber = new URL(page.url()).searchParams.get('order_increment_id')!;

  // The history and the order's detail.
  await signedInAs(page, 'Zofia').click();
  await header(page).getByRole('link', { name: 'Historia zamówień' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historia zamówień' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Przy odbiorze lub przelewem');
  expect(await seriousViolations(page, '#main-content')).toEqual([]);
  await row.getByRole('link', { name: /Szczegóły/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.getByText('ul. Grzewcza 7').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ponów płatność' })).toHaveCount(0);
  expect(await seriousViolations(page, '#main-content')).toEqual([]);
  for (const path of ['/my-account', '/my-account/newsletter', '/my-account/recently-viewed']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Sekcje konta' })).toBeVisible();
    expect(await seriousViolations(page, '#main-content'), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("a forgotten password: the e-mail's link sets a new one and signs the customer in", async ({ page }) => {
  const email = await accountFor(page, 'Hanna');
  await page.goto('/');
  await (await openSignIn(page)).getByRole('button', { name: 'Nie pamiętasz hasła?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByRole('button', { name: 'Wyślij link' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Jeśli istnieje konto z adresem ${email}`);
  const link = await fromMail(email, /https?:\/\/[^\s"<>]+\/create-password\?[^\s"<>]+/);
  await page.keyboard.press('Escape');

  const { pathname, search } = new URL(link.replace(/&amp;/g, '&'));
  await page.goto(`${pathname}${search}`);
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Nowe-Haslo-2026');
  await page.getByLabel('Powtórz nowe hasło').fill('Nowe-Haslo-2026');
  await page.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(signedInAs(page, 'Hanna')).toBeVisible();
  // The link was single-use; the old password no longer works.
  const again = await page.request.post('/api/user/login', { data: { username: email, password: PASSWORD } });
  expect(again.status()).toBe(401);
});

test('an expired access token is refreshed once for the whole page while the account and the cart call at once', async ({ page }) => {
  test.slow();
  const email = await accountFor(page, 'Maria');
  const [product] = await simpleProducts(page, 1);
  await page.goto('/');
  await signIn(page, email);
  await addToCart(page, product);
  await expect(cartButton(page, '1 produkt w koszyku')).toBeVisible();

  // The token runs out; the next page load has the account (profile, wishlist) and the cart engine calling with it.
  await page.waitForTimeout(TOKEN_TTL_MS + 1000);
  const refreshes: string[] = [];
  const userCalls: { path: string; status: number }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/refresh')) refreshes.push(request.url());
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.searchParams.has('token')) userCalls.push({ path: url.pathname, status: response.status() });
  });
  await page.reload();
  await expect(signedInAs(page, 'Maria')).toBeVisible();
  await expect(cartButton(page, '1 produkt w koszyku')).toBeVisible();
  await expect.poll(() => userCalls.some((call) => call.path.startsWith('/api/cart/') && call.status === 200)).toBe(true);
  await expect.poll(() => userCalls.some((call) => call.path === '/api/user/me' && call.status === 200)).toBe(true);
  expect(userCalls.some((call) => call.status === 401)).toBe(true); // the expired token was refused…
  expect(refreshes).toHaveLength(1); // …and refreshed once, for both remotes
});

test('a refresh token used elsewhere ends the session quietly and offers the sign-up dialog', async ({ page }) => {
  const email = await accountFor(page, 'Irena');
  await page.goto('/');
  await signIn(page, email);
  // Someone else spends the refresh token (rotation): the browser's copy is now a reused one.
  const refreshToken = await page.evaluate(() => JSON.parse(localStorage.getItem('user/current-refresh-token')!));
  expect((await page.request.post('/api/user/refresh', { data: { refreshToken } })).ok()).toBe(true);
  // The access token runs out (as after ACCESS_TOKEN_TTL): the next call needs a refresh, which is refused.
  await page.evaluate(() => localStorage.setItem('user/current-token', JSON.stringify('expired.token')));
  await page.reload();
  const signUp = page.getByRole('dialog', { name: 'Załóż konto' });
  await expect(signUp).toBeVisible();
  await expect(signUp).toContainText('Twoja sesja wygasła');
  await expect(page.getByRole('status').filter({ hasText: 'Wylogowano' })).toHaveCount(0); // silently
  await page.keyboard.press('Escape');
  await expect(header(page).getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user/current-token'))).toBeNull();
});

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user/current-token')!));
}

/** Another browser (its own storage): consent chosen as the fixture's pages have it. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const { chooseCookies } = await import('./consent-cookie');
  const context = await browser.newContext({ locale: 'pl-PL', baseURL: test.info().project.use.baseURL });
  await chooseCookies(context);
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-route-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    return response;
  };
  return page;
}
