import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { REMOTE_FILES } from '../shop-env';
import { chooseCookies } from './consent-cookie';
import { expect, test } from './fixtures';
import { collectPageErrors, findProducts } from './helpers';

/**
 * Cookie consent (the shell's banner, Consent Mode v2 in dataLayer) and the content remote's
 * status pages: page-not-found with suggestions, /error after a page failed to load twice, and
 * /placepozniej. Every test starts in a fresh context: no cookie choice yet.
 */

/** dataLayer as a tag manager reads it: gtag commands (arguments objects) as arrays. */
function dataLayer(page: Page): Promise<(unknown[] | Record<string, unknown>)[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : (entry as Record<string, unknown>),
    ),
  );
}

// Every test here starts as a first visit: no cookie choice (the shared fixture makes one for other journeys).
test.use({ cookieChoiceMade: false });

const ANALYTICS_EVENTS = ['page_view', 'checkout', 'mfe_assignment'];
const isAnalytics = (entry: unknown[] | Record<string, unknown>) => !Array.isArray(entry) && ANALYTICS_EVENTS.includes(String(entry.event));

const CONSENT_DEFAULT = [
  'consent',
  'default',
  {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
    wait_for_update: 500,
  },
];
const DENIED_UPDATE = ['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }];

async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Pliki cookies w sklepie Kaloryfer' });

test.describe('cookie consent', () => {
  test('reject in one click → reload → no banner; dataLayer has `consent default` denied first and no analytics event', async ({ page, context }) => {
    const errors = collectPageErrors(page);
    await page.goto('/c/grzejniki-lazienkowe');
    await expect(banner(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '#kf-consent');

    // Rejecting is as easy as accepting: the same size, side by side.
    const accept = banner(page).getByRole('button', { name: 'Akceptuję wszystkie' });
    const reject = banner(page).getByRole('button', { name: 'Odrzucam' });
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(rejectBox!.width).toBeCloseTo(acceptBox!.width, 0);
    expect(rejectBox!.height).toBeCloseTo(acceptBox!.height, 0);
    expect(rejectBox!.y).toBeCloseTo(acceptBox!.y, 0);

    // Before any choice: the default first, nothing analytic (the page view waits).
    const before = await dataLayer(page);
    expect(before[0]).toEqual(CONSENT_DEFAULT);
    expect(before.filter(isAnalytics)).toEqual([]);

    await reject.click();
    await expect(banner(page)).toHaveCount(0);
    const stored = (await context.cookies()).find((cookie) => cookie.name === 'kf_consent');
    expect(decodeURIComponent(stored!.value)).toMatch(/^v=1&a=0&m=0&t=\d+$/);
    expect(stored!.sameSite).toBe('Lax');
    const days = (stored!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);
    expect((await dataLayer(page)).filter((entry) => Array.isArray(entry))).toEqual([CONSENT_DEFAULT, DENIED_UPDATE]);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toHaveCount(0);
    // An in-app navigation: still no page view for a shopper who said no.
    await page.getByRole('link', { name: 'Kaloryfer – strona główna' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki dekoracyjne, łazienkowe i pokojowe');
    await page.waitForTimeout(200); // a page view is pushed just after the page mounts
    const after = await dataLayer(page);
    expect(after.slice(0, 2)).toEqual([CONSENT_DEFAULT, DENIED_UPDATE]);
    expect(after.filter(isAnalytics)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('accept in one click: `consent update` granted, then the page view that waited', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Akceptuję wszystkie' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(async () =>
        (await dataLayer(page))
          .filter((entry) => Array.isArray(entry) || entry.event === 'page_view')
          .map((entry) => (Array.isArray(entry) ? entry[1] : entry.event)),
      )
      .toEqual(['default', 'update', 'page_view']);
  });

  test('the footer link opens the settings: none pre-ticked, keyboard only, Escape closes, focus returns', async ({ page }) => {
    await chooseCookies(page.context(), { analytics: false, marketing: false });
    await page.goto('/i/regulamin');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Ustawienia cookies' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ustawienia plików cookies' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/i\/regulamin$/); // a dialog, not a navigation
    await expectNoSeriousA11yViolations(page, '#kf-consent');
    await expect(dialog.getByRole('checkbox', { name: 'Niezbędne (zawsze włączone)' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: 'Analityczne' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Marketingowe' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Analityczne' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Space'); // analytics
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // save
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => (await dataLayer(page)).filter((entry) => Array.isArray(entry)).at(-1))
      .toEqual(['consent', 'update', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' }]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the banner shifts nothing and keeps the page's main action reachable", async ({ page }) => {
      await page.addInitScript(() => {
        const record = { shifts: [] as { value: number; at: number }[], bannerAt: null as number | null };
        Object.assign(window, { __consentLayout: record });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
            // The header's widgets arriving nudge the header row by a pixel (they do so without a banner too):
            // what counts here is whatever else moved.
            const outsideHeader = (entry.sources ?? []).some(({ node }) => !(node instanceof Element && node.closest('.site-header')));
            if (!entry.hadRecentInput && outsideHeader) record.shifts.push({ value: entry.value, at: entry.startTime });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The document itself: an init script runs before <html> exists.
        new MutationObserver(() => {
          if (record.bannerAt === null && document.documentElement?.classList.contains('has-consent-banner')) record.bannerAt = performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['class'] });
      });
      const [product] = await findProducts(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1);
      await page.goto(`/p/${product.sku}/${product.slug}`);
      await expect(banner(page)).toBeVisible();
      const height = (await banner(page).boundingBox())!.height;
      expect(height).toBeLessThan(844 * 0.4); // compact

      // Nothing moved when the banner came in (it is fixed; the room it keeps is below the footer).
      await page.waitForTimeout(300);
      const layout = await page.evaluate(
        () => (window as unknown as { __consentLayout: { shifts: { value: number; at: number }[]; bannerAt: number } }).__consentLayout,
      );
      expect(layout.bannerAt).not.toBeNull();
      expect(layout.shifts.filter((shift) => shift.at >= layout.bannerAt - 50)).toEqual([]);

      // The page's main action is not hidden under it: the buy button takes the tap.
      await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
      const added = page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' });
      await expect(added).toBeVisible();
      // Notifications stand above the banner, not under it.
      const addedBox = (await added.boundingBox())!;
      expect(addedBox.y + addedBox.height).toBeLessThanOrEqual((await banner(page).boundingBox())!.y + 1);
      // The very end of the page can be scrolled above the banner.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footerBottom = await page.locator('.footer-bottom').boundingBox();
      const bannerTop = (await banner(page).boundingBox())!.y;
      expect(footerBottom!.y + footerBottom!.height).toBeLessThanOrEqual(bannerTop + 1);
    });
  });
});

test.describe('status pages', () => {
  test('an unknown URL: a 404 page-not-found that names it, suggests from the catalogue, and its suggestion leads to a real product', async ({ page }) => {
    const errors = collectPageErrors(page);
    const html = await page.request.get('/grzejnik-lazienkowy-bialy');
    expect(html.status()).toBe(404);
    expect(await html.text()).toContain('Może tego szukasz?'); // the suggestions are in the server's HTML

    const response = await page.goto('/grzejnik-lazienkowy-bialy');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nie znaleziono strony');
    await expect(page.getByText('Adres /grzejnik-lazienkowy-bialy nie prowadzi do żadnej strony w naszym sklepie.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const suggestions = page.getByRole('region', { name: 'Może tego szukasz?' });
    await expect(suggestions.getByRole('link', { name: 'Grzejniki łazienkowe' })).toHaveAttribute('href', '/c/grzejniki-lazienkowe');
    await expect(page.getByRole('navigation', { name: 'Kategorie sklepu' }).getByRole('link')).toHaveCount(5); // every top category
    const product = suggestions.locator('.not-found-products a').first();
    const name = (await product.innerText()).trim();
    expect(name).toMatch(/łazienk/i);
    await product.click();
    await expect(page).toHaveURL(/\/p\/[^/]+\/[^/]+/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split(' ').slice(0, 3).join(' '));
    await expect(page.getByRole('button', { name: 'Dodaj do koszyka' })).toBeVisible();

    // The search box: a plain form to the search results.
    await page.goBack();
    const box = page.getByRole('searchbox', { name: 'Czego szukasz?' });
    await expect(box).toHaveValue('grzejnik lazienkowy bialy');
    await box.fill('grzejnik drabinkowy');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/categories\?query=grzejnik\+drabinkowy$/);
    expect(errors).toEqual([]);
  });

  test('a page whose code fails to load twice sends the shopper to /error: what happened, retry, home, reported', async ({ page }) => {
    let down = true;
    await page.route(`${REMOTE_FILES.catalog}/**`, (route) => (down ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
    await page.goto('/c/grzejniki-lazienkowe');
    const fallback = page.locator('[data-fallback="catalog"][role="alert"]');
    await expect(fallback).toBeVisible(); // the first failure: today's fallback, the server's page still readable
    await fallback.getByRole('button', { name: 'Spróbuj ponownie' }).click(); // fails again

    await expect(page).toHaveURL(/\/error\?from=%2Fc%2Fgrzejniki-lazienkowe&remote=catalog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wystąpił błąd');
    await expect(page.getByText('Nie udało się wczytać strony /c/grzejniki-lazienkowe.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    // Reported to the tag manager without waiting for consent: it is the shop's operation, not the shopper's.
    await expect
      .poll(async () => (await dataLayer(page)).find((entry) => !Array.isArray(entry) && entry.event === 'page_error'))
      .toEqual({ event: 'page_error', error_type: 'route_failed_to_load', failed_path: '/c/grzejniki-lazienkowe', remote: 'catalog' });
    await expectNoSeriousA11yViolations(page);

    down = false;
    await page.getByRole('link', { name: 'Spróbuj ponownie' }).click();
    await expect(page).toHaveURL(/\/c\/grzejniki-lazienkowe$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grzejniki łazienkowe');
  });

  test('/placepozniej explains deferred payment and instalments with a worked example', async ({ page }) => {
    await page.goto('/placepozniej');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Płacę później i raty');
    await expect(page.getByRole('table', { name: 'Porównanie płatności odroczonej i rat' })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Raty 0% przy zakupie za 4\s200,00\szł$/ }).getByRole('row')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
  });
});
