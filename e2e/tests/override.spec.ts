import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { BASE_URL, E2E_PORT } from '../shop-env';
import { chooseCookies } from './consent-cookie';
import { expect, routeReady, test } from './fixtures';
import { buildRemote, liveBuild, operatorToken, release, run } from './registry-helpers';

/**
 * A team tries its build in the real shop, in its own browser only (issue #34, docs/releasing.md
 * "Overrides"): an operator's link sets a signed, expiring override in the browser that opens
 * it; that browser runs the build and shows a banner; any other browser, and a forged link,
 * get the shop as it is.
 */
const cartVersionIn = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __KALORYFER_SHELL__: { variantOf(remote: string): { version: string } | undefined } }).__KALORYFER_SHELL__.variantOf('cart')
        ?.version,
  );

async function browserWith(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await chooseCookies(context);
  return { context, page: await context.newPage() };
}

async function openTheCart(page: import('@playwright/test').Page) {
  await routeReady(page);
  await page.getByRole('button', { name: /^Koszyk: / }).click();
  await expect.poll(() => cartVersionIn(page)).toBeTruthy();
}

test("an operator's override link runs the team's build in that browser only, with a banner; a forged one changes nothing", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const live = await liveBuild(page.request, 'cart');
  // The cart team's build, published but not live: a canary started and aborted at once.
  const outDir = buildRemote('mfe-cart', '9.9.5-preview');
  try {
    expect((await release(['cart', '--dist', outDir, '--canary', '5'])).status).toBe(0);
    await page.request.post('/registry/v1/remotes/cart/canary/abort', { headers: { authorization: `Bearer ${operatorToken()}` }, data: {} });
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const issued = await page.request.post('/registry/v1/remotes/cart/overrides', {
    headers: { authorization: `Bearer ${operatorToken()}` },
    data: { target: '9.9.5-preview', minutes: 30 },
  });
  expect(issued.status()).toBe(200);
  const link = new URL(((await issued.json()) as { result: { link: string } }).result.link);

  // The operator's command says which host the link's cookie works on — and that it is not the one
  // they called when they named another (--shop): the shop's public address is where shoppers' pages are.
  const printed = run('npx', [
    'tsx',
    'scripts/registry.ts',
    'override',
    'cart',
    '9.9.5-preview',
    '--for',
    '10m',
    '--shop',
    `http://localhost:${E2E_PORT}`,
    '--token',
    operatorToken(),
  ]);
  expect(printed).toContain(`(it sets a cookie for ${link.host}: the override shows on the pages of ${link.host} in that browser)`);
  expect(printed).toContain(`note: you called the shop at localhost:${E2E_PORT}; its public address, where shoppers' pages are, is ${link.host}`);

  const team = await browserWith(browser);
  await team.page.goto(`${link.pathname}${link.search}`);
  await expect(team.page).toHaveURL(`${BASE_URL}/`);
  const banner = team.page.getByRole('status').filter({ hasText: 'Podgląd zespołu: cart 9.9.5-preview' });
  await expect(banner).toContainText('Tylko w tej przeglądarce.');
  await openTheCart(team.page);
  expect(await cartVersionIn(team.page)).toBe('9.9.5-preview');
  expect((await team.context.cookies()).find((cookie) => cookie.name === 'kf_override')).toMatchObject({ httpOnly: true });

  // Another browser: the shop as it is.
  const shopper = await browserWith(browser);
  await shopper.page.goto('/');
  await expect(shopper.page.locator('.kf-override')).toHaveCount(0);
  await openTheCart(shopper.page);
  expect(await cartVersionIn(shopper.page)).toBe(live.version);

  // A forged link (the build changed in the token) sets nothing.
  const [payload, signature] = link.searchParams.get('t')!.split('.');
  const forged = `${Buffer.from(Buffer.from(payload, 'base64url').toString().replace('9.9.5-preview', '9.9.6-evil')).toString('base64url')}.${signature}`;
  await shopper.page.goto(`/__override?t=${encodeURIComponent(forged)}`);
  await expect(shopper.page.locator('.kf-override')).toHaveCount(0);
  expect((await shopper.context.cookies()).find((cookie) => cookie.name === 'kf_override')).toBeUndefined();
  await shopper.context.close();

  // The team ends it (the mini-cart panel closed first): its browser is the shop as it is again.
  await team.page.keyboard.press('Escape');
  await banner.getByRole('link', { name: 'Zakończ podgląd' }).click();
  await expect(team.page.locator('.kf-override')).toHaveCount(0);
  await openTheCart(team.page);
  expect(await cartVersionIn(team.page)).toBe(live.version);
  await team.context.close();
});
