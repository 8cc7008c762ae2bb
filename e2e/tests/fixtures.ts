import { expect, test as base, type Page } from '@playwright/test';
import { chooseCookies } from './consent-cookie';

/**
 * Pages arrive server-rendered: their buttons are visible before the code behind them has
 * arrived. A shopper's test acts once the page's route region has hydrated (the shell marks
 * `<html data-route-ready>`), so every `goto` and `reload` waits for that; a test that wants
 * the page before hydration (JavaScript off, the raw first paint) asks for it explicitly.
 */
export async function routeReady(page: Page): Promise<void> {
  await page.locator('html[data-route-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * A journey that is not about cookie consent starts with a choice made (analytics and marketing
 * accepted): no banner over the page, and the tag manager's events pushed as a consenting
 * shopper's are. A consent test opts out with `test.use({ cookieChoiceMade: false })`.
 */
export const test = base.extend<{ cookieChoiceMade: boolean }>({
  cookieChoiceMade: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, cookieChoiceMade }, use) => {
    if (cookieChoiceMade) await chooseCookies(page.context());
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await routeReady(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await routeReady(page);
        return response;
      };
    }
    await use(page);
  },
});

export { expect };
