import { expect, test } from './fixtures';
import { chooseCookies } from './consent-cookie';
import { dataLayer } from './helpers';
import { liveBuild } from './registry-helpers';

const variantBadge = (page: import('@playwright/test').Page) => page.locator('[data-remote-build="checkout"]');

test('?mfe=checkout:b forces variant b, is reported, and sticks for later visits', async ({ page }) => {
  await page.goto('/checkout?mfe=checkout:b');
  await expect(variantBadge(page)).toHaveAttribute('data-variant', 'b');
  await expect(page.getByText('Zamówienie na jednej stronie')).toBeVisible();
  expect(await dataLayer(page)).toContainEqual({ event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'override' });

  await page.goto('/checkout');
  await expect(variantBadge(page)).toHaveAttribute('data-variant', 'b');
  expect(await dataLayer(page)).toContainEqual({ event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' });

  await page.goto('/checkout?mfe=checkout:a');
  await expect(variantBadge(page)).toHaveAttribute('data-variant', 'a');
  await expect(page.getByText('Zamówienie krok po kroku')).toBeVisible();
});

test('a new visitor is assigned once and keeps the assignment', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout');
  const first = await variantBadge(page).getAttribute('data-variant');
  expect(['a', 'b']).toContain(first);
  const assignment = async () => decodeURIComponent((await context.cookies()).find((c) => c.name === 'kf_mfe')!.value);
  // No choice about analytics yet: the variant is kept, no assignment id (docs/experiments.md, "Consent").
  expect(await assignment()).toBe(`checkout:${first}`);
  for (let visit = 0; visit < 3; visit += 1) {
    await page.reload();
    await expect(variantBadge(page)).toHaveAttribute('data-variant', first!);
  }
  // Analytics allowed: the next page adds the anonymous id the experiment report counts shoppers by; the variant stays.
  await chooseCookies(context);
  await page.reload();
  await expect(variantBadge(page)).toHaveAttribute('data-variant', first!);
  expect(await assignment()).toMatch(new RegExp(`^checkout:${first}\\|id:s[\\w-]{22}$`));
  await context.close();
});

test('when variant b is broken the shopper gets the control variant a', async ({ page }) => {
  const b = await liveBuild(page.request, 'checkout', 'b');
  await page.route(`${b.folder}**`, (route) => route.fulfill({ status: 500, body: 'broken' }));
  await page.goto('/checkout?mfe=checkout:b');
  await expect(variantBadge(page)).toHaveAttribute('data-variant', 'a');
  expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'mfe_fallback', remote: 'checkout', from: 'b', to: 'a' }));
});

test('the server assigns and renders the variant: by cookie and by ?mfe=, the HTML is variant b and hydrates as b', async ({ page, context }) => {
  const viaOverride = await page.request.get('/checkout?mfe=checkout:b');
  const overrideHtml = await viaOverride.text();
  expect(overrideHtml).toContain('data-remote-build="checkout" data-version="1.0.0" data-variant="b"');
  expect(overrideHtml).toContain('Zamówienie na jednej stronie');
  expect(viaOverride.headers()['set-cookie']).toContain('kf_mfe=checkout%3Ab');

  const viaCookie = await (await page.request.get('/checkout', { headers: { cookie: 'kf_mfe=checkout%3Ab' } })).text();
  expect(viaCookie).toContain('data-variant="b"');
  const state = JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(viaCookie)![1]);
  expect(state.assignments).toContainEqual({ remote: 'checkout', variant: 'b', source: 'cookie' });

  await context.addCookies([{ name: 'kf_mfe', value: 'checkout%3Ab', url: page.url() === 'about:blank' ? 'http://127.0.0.1:4300' : page.url() }]);
  await page.goto('/checkout');
  await expect(variantBadge(page)).toHaveAttribute('data-variant', 'b');
  await expect(page.getByText('Zamówienie na jednej stronie')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__ ?? [])).toEqual([]);
  // The browser used the server's assignment: reported once, from the cookie, never drawn again.
  expect((await dataLayer(page)).filter((event) => event.event === 'mfe_assignment')).toEqual([
    { event: 'mfe_assignment', remote: 'checkout', variant: 'b', source: 'cookie' },
  ]);
});
