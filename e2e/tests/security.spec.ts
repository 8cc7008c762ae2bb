import type { Page } from '@playwright/test';
import http from 'node:http';
import { BASE_URL } from '../shop-env';
import { expect, routeReady, test } from './fixtures';
import { collectPageErrors, findWithStock, signedInCustomer } from './helpers';
import { uniqueEmail } from './mail';

/**
 * The composed shop with its Content-Security-Policy enforced (docs/security.md): every page
 * type works with 0 violations — counted by the browser's `securitypolicyviolation` events and
 * by Chromium's console reports — carries the security headers, and cannot be framed.
 */

/**
 * Every CSP violation the page meets from now on, across navigations: an init script listens in
 * each new document before the page's own scripts run, and Chromium's console reports are kept
 * too (a violation is reported both ways; either alone counts).
 */
async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** The page has settled: hydrated, its header widgets loaded, nothing more on the wire. */
async function settled(page: Page) {
  await routeReady(page);
  await page.waitForLoadState('networkidle');
}

const directivesOf = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

test('home, a category, a product, the checkout, an account page and a CMS page work with the CSP enforced: 0 violations', async ({ page }) => {
  test.slow();
  const violations = await cspViolations(page);
  const errors = collectPageErrors(page);
  const [product] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }]);

  // Home: the headers and a policy naming the nonce the page's inline loader carries.
  const home = await page.goto('/');
  const headers = home!.headers();
  const csp = directivesOf(headers['content-security-policy'] ?? '');
  const nonce = (csp['script-src'] ?? []).find((source: string) => source.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, 'a script nonce in the policy').toBeTruthy();
  expect(csp['script-src']).not.toContain("'unsafe-inline'");
  expect(csp['script-src']).not.toContain("'unsafe-eval'");
  expect(csp['style-src']).toContain(`'nonce-${nonce}'`);
  // The remotes' builds are served by the shop itself (the registry's /mfe/ files): no other origin may run code.
  expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('payment=(self)');
  expect(headers['strict-transport-security']).toBeUndefined(); // the e2e shop is plain http
  // The inline loader ran under its nonce (the browser hides the attribute, not the property).
  expect(await page.evaluate(() => [...document.scripts].filter((script) => !script.src && !script.type).map((script) => script.nonce))).toEqual([nonce]);
  await settled(page);

  // A category, then a product added to the cart (the mini-cart and the cart engine load).
  await page.goto('/c/grzejniki-lazienkowe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  await page.goto(`/p/${product.sku}/${product.slug}`);
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
  await settled(page);

  // The checkout with something to buy (its wallet check asks the Payment Request API).
  await page.goto('/checkout');
  await expect(page.locator('.checkout-form')).toBeVisible();
  await settled(page);

  // A CMS page.
  await page.goto('/i/regulamin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regulamin sklepu');
  await settled(page);

  // An account page, signed in (from the CMS page's header).
  await signedInCustomer(page, { email: uniqueEmail('csp'), firstname: 'Celina', lastname: 'Szulc' });
  await page.goto('/my-account');
  await expect(page.getByRole('navigation', { name: 'Sekcje konta' })).toBeVisible();
  await settled(page);

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test("the sandbox gateway's page works under its own policy (styled by nonce) and returns to the thank-you page: 0 violations", async ({ page }) => {
  const violations = await cspViolations(page);
  const [product] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }]);
  const cartId = (await (await page.request.post('/api/cart/create')).json()).result as string;
  expect((await page.request.post(`/api/cart/update?cartId=${cartId}`, { data: { cartItem: { sku: product.sku, qty: 1, quoteId: cartId } } })).ok()).toBe(true);
  const placed = await page.request.post('/api/order', {
    data: {
      order: {
        order_id: `csp-${Date.now()}`,
        cart_id: cartId,
        addressInformation: {
          shippingAddress: {
            firstname: 'Anna',
            lastname: 'Kowalska',
            street: ['ul. Grzewcza 7', '12'],
            city: 'Kraków',
            postcode: '30-001',
            country_id: 'PL',
            telephone: '601 234 567',
            email: 'anna.kowalska@example.pl',
          },
          shipping_carrier_code: 'courier',
          shipping_method_code: 'courier',
          payment_method_code: 'payu_gateway',
        },
      },
    },
  });
  expect(placed.ok()).toBe(true);
  const { paymentRedirect } = (await placed.json()).result as { paymentRedirect: string };
  expect(paymentRedirect.startsWith(`${BASE_URL}/sandbox-gateway/pay?t=`)).toBe(true);

  // Not a shop page (no route-ready mark): navigate without the fixture's wait.
  await page.evaluate((url) => {
    window.location.assign(url);
  }, paymentRedirect);
  await page.waitForURL(/\/sandbox-gateway\/pay/);
  const pay = page.getByRole('button', { name: /^Zapłać/ });
  await expect(page.getByRole('heading', { name: 'Bramka płatności – sandbox' })).toBeVisible();
  await expect(pay).toHaveCSS('background-color', 'rgb(11, 83, 148)'); // its stylesheet applied: the nonce matched
  await pay.click();
  await page.waitForURL(/\/thank-you-page\?order_increment_id=\d{9}$/);
  await settled(page);
  expect(violations).toEqual([]);
});

test('the shop cannot be framed: the checkout in an iframe of another origin is refused', async ({ page }) => {
  // A real loopback origin frames the shop: a document fulfilled by the test would be another
  // address space, refused for that reason instead.
  const other = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>x</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const framer = await page.context().newPage();
  await framer.goto(`http://127.0.0.1:${(other.address() as { port: number }).port}/framing-test`);
  const loaded = await framer.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const frame = document.createElement('iframe');
        frame.src = url;
        frame.addEventListener('load', () => resolve('load'));
        setTimeout(() => resolve('timeout'), 10_000);
        document.body.append(frame);
      }),
    `${BASE_URL}/checkout`,
  );
  expect(loaded).toBe('load');
  const child = framer.frames().find((frame) => frame !== framer.mainFrame());
  expect(child).toBeDefined();
  const shopInside = await child!.evaluate(() => document.getElementById('root') !== null).catch(() => false);
  expect(shopInside, 'the checkout rendered inside the frame').toBe(false);
  await framer.close();
  await new Promise((resolve) => other.close(resolve));
});
