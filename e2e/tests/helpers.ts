import { expect, type Page } from '@playwright/test';

export interface ShellDebug {
  assignments: { remote: string; variant: string; source: string }[];
}

/** The dataLayer the shell fills (tag manager). */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/** Fails the test on any uncaught error in the page. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

type Patch = { [key: string]: string | number | boolean | null | Patch };

/**
 * Serves the page a changed registry: deep-merges `patch` into the registry the page server
 * pinned for this page (`registry` in `<script id="kf-state">`, rewritten once the page is
 * parsed, before the shell's deferred script reads it). What the browser then loads follows the
 * patch; the server-rendered HTML stays as the server made it. The document itself is left to
 * the server: a document fulfilled by the test would count as another address space, and
 * Chromium would then refuse its requests to the loopback remotes.
 */
export async function overrideRegistry(page: Page, patch: Patch): Promise<void> {
  // The merge is written inside the init script (its source is what reaches the page) and
  // without eval: the pages' Content-Security-Policy allows no eval (docs/security.md).
  await page.addInitScript((changes) => {
    // The document turns "interactive" once parsed, just before deferred scripts (the shell) run.
    document.addEventListener('readystatechange', () => {
      const inline = document.getElementById('kf-state');
      if (document.readyState !== 'interactive' || !inline) return;
      const state = JSON.parse(inline.textContent ?? '{}');
      state.registry ??= {};
      // Deep merge, iteratively: pairs of (target, patch) still to merge.
      const pending: [Record<string, unknown>, Record<string, unknown>][] = [[state.registry, changes as Record<string, unknown>]];
      while (pending.length > 0) {
        const [target, source] = pending.pop()!;
        for (const [key, value] of Object.entries(source)) {
          if (value !== null && typeof value === 'object') {
            const existing = target[key];
            const next = existing !== null && typeof existing === 'object' ? (existing as Record<string, unknown>) : {};
            target[key] = next;
            pending.push([next, value as Record<string, unknown>]);
          } else {
            target[key] = value;
          }
        }
      }
      inline.textContent = JSON.stringify(state);
    });
  }, patch);
}

export interface Found {
  id: number;
  sku: string;
  slug: string;
  url_path: string;
  name: string;
  type_id: string;
  configurable_children?: { sku: string; stock: { is_in_stock: boolean } }[];
}

/** Products of the seeded catalogue, asked of the API (the seed is generated for today's date); in stock unless asked otherwise. */
export async function findProducts(page: Page, filters: unknown[], size = 20, { inStock = true } = {}): Promise<Found[]> {
  const response = await page.request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: {
      query: {
        _appliedFilters: [
          { attribute: 'visibility', value: { in: [2, 3, 4] } },
          { attribute: 'status', value: { in: [0, 1] } },
          { attribute: 'stock.is_in_stock', value: { eq: inStock } },
          ...filters,
        ],
      },
      size,
      sort: 'view_count:desc',
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).items as Found[];
}

/**
 * Products with units to spare as the stock table says right now (orders earlier in the run may
 * have bought the last units of a product the catalogue still lists): a journey that adds one to
 * its cart is not refused because another journey bought it.
 */
export async function findWithStock(page: Page, filters: unknown[], count = 1, atLeast = 5): Promise<Found[]> {
  const found: Found[] = [];
  for (const product of await findProducts(page, filters, 100)) {
    const stock = (await (await page.request.get(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`)).json()).result;
    if (stock?.is_in_stock && (!stock.manage_stock || stock.is_volatile || stock.qty >= atLeast)) found.push(product);
    if (found.length === count) break;
  }
  expect(found, 'products with stock to spare').toHaveLength(count);
  return found;
}

/** A customer made through the API, then signed in as a shopper does: the header's "Zaloguj się" dialog. Returns when the header names them. */
export async function signedInCustomer(
  page: Page,
  { email, firstname, lastname = 'Nowak', password = 'Grzejnik-2026!' }: { email: string; firstname: string; lastname?: string; password?: string },
): Promise<void> {
  expect((await page.request.post('/api/user/create', { data: { customer: { email, firstname, lastname }, password } })).ok()).toBe(true);
  const header = page.locator('.site-header');
  await header.getByRole('button', { name: 'Zaloguj się' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zaloguj się' });
  await dialog.getByLabel('Adres e-mail').fill(email);
  await dialog.getByLabel('Hasło', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(header.getByRole('button', { name: `Konto: ${firstname}` })).toBeVisible();
}
