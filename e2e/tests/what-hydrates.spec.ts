import type { APIRequestContext, Page } from '@playwright/test';
import { expect, routeReady, test } from './fixtures';
import { BASE_URL } from '../shop-env';
import { chooseCookies } from './consent-cookie';
import { collectPageErrors, findWithStock } from './helpers';

/**
 * What hydrates when (docs/rendering.md): static parts stay server HTML and bring no code, islands
 * hydrate when seen or reached for, the critical part first; and the page server hints the route's
 * chunks, so every script of the route remote a first visit loads was named in the page's head.
 */
const hydrationErrors = (page: Page) =>
  page.evaluate(() => (window as unknown as { __KALORYFER_HYDRATION_ERRORS__?: string[] }).__KALORYFER_HYDRATION_ERRORS__ ?? []);
const staticChunks = (page: Page) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/static-[\w-]+\.[0-9a-f]+\.js/.test(request.url())) asked.push(request.url());
  });
  return asked;
};
const island = (page: Page, nth: number, when: 'visible' | 'interaction' = 'visible') => page.locator(`[data-island="${when}"]`).nth(nth);

/** A configurable radiator with more reviews than its page shows at first ("show more" has something to load) and several pictures. */
async function reviewedRadiator(request: APIRequestContext): Promise<string> {
  const search = await request.post('/api/catalog/vue_storefront_catalog/product/_search', {
    data: {
      size: 40,
      sort: 'view_count:desc',
      _sourceInclude: ['sku', 'slug'],
      query: {
        _appliedFilters: [
          { attribute: 'visibility', value: { in: [2, 4] } },
          { attribute: 'type_id', value: { eq: 'configurable' } },
        ],
      },
    },
  });
  for (const { sku, slug } of (await search.json()).items as { sku: string; slug: string }[]) {
    const { result } = await (await request.get(`/api/product-view/${encodeURIComponent(sku)}`)).json();
    const pictures = new Set([result.product.image, ...(result.product.media_gallery ?? []).map((media: { image: string }) => media.image)]);
    if (result.reviews.summary.count > result.reviews.items.length && pictures.size > 1) return `/p/${sku}/${slug}`;
  }
  throw new Error('no configurable radiator with more reviews than one page');
}

test('an article: the body is server HTML with no code for it; the contents hydrate when reached for, the products when seen; the next article renders its own body', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const asked = staticChunks(page);
  await page.goto('/porady/jak-dobrac-moc-grzejnika');
  const body = page.locator('[data-static-part="content-article-body"]');
  await expect(body.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const toc = island(page, 0, 'interaction');
  await expect(toc.getByRole('navigation', { name: 'Spis treści' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await hydrationErrors(page)).toEqual([]);
  expect(asked, 'no static part code on a first visit').toEqual([]);
  await expect(toc).not.toHaveAttribute('data-hydrated');

  // The table of contents hydrates when the shopper reaches for it; its links work either way.
  await toc.hover();
  await expect(toc).toHaveAttribute('data-hydrated', '');
  const products = island(page, 0);
  await products.scrollIntoViewIfNeeded();
  await expect(products).toHaveAttribute('data-hydrated', '');
  expect(await hydrationErrors(page)).toEqual([]);

  // A later article is rendered in the browser: its body's code arrives then, with its own text.
  const firstHeading = await body.getByRole('heading', { level: 2 }).first().textContent();
  await page.locator('.advice-related a').first().click();
  await expect(page.locator('[data-static-part="content-article-body"] h2').first()).not.toHaveText(firstHeading!);
  expect(asked.map((url) => /static-([\w-]+)\./.exec(url)![1]).sort()).toEqual(['content-article-body', 'content-topic-illustration']);
  expect(errors).toEqual([]);
});

test('a configurable radiator: the buy button works before the reviews hydrate; scrolled to, "show more" loads more', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const asked = staticChunks(page);
  const url = await reviewedRadiator(request);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  expect(await hydrationErrors(page)).toEqual([]);
  expect(asked).toEqual([]);
  await expect(page.locator('[data-static-part="catalog-product-description"]')).toContainText(/\w/);

  const reviews = page.locator('[data-island="visible"]').filter({ has: page.getByRole('heading', { name: 'Opinie klientów' }) });
  await expect(reviews).not.toHaveAttribute('data-hydrated');
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
  await expect(reviews).not.toHaveAttribute('data-hydrated');

  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews).toHaveAttribute('data-hydrated', '');
  const before = await reviews.getByRole('listitem').count();
  await reviews.getByRole('button', { name: /^Pokaż więcej opinii/ }).click();
  await expect.poll(() => reviews.getByRole('listitem').count()).toBeGreaterThan(before);

  // The gallery hydrates on the first reach: a thumbnail then changes the picture.
  const gallery = page.locator('.product-gallery[data-island="interaction"]');
  await gallery.scrollIntoViewIfNeeded();
  await gallery.getByRole('button', { name: 'Zdjęcie 2' }).click();
  await expect(gallery.getByRole('button', { name: 'Zdjęcie 2' })).toHaveAttribute('aria-pressed', 'true');
  expect(await hydrationErrors(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('"Dodaj do koszyka" pressed before the page\'s code has arrived is held, not lost: one line in the cart once the code runs', async ({ browser }) => {
  // A page of its own context: the fixture's goto would wait for the hydration this test holds back.
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'pl-PL', serviceWorkers: 'block' });
  await chooseCookies(context);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const [valve] = await findWithStock(page, [{ attribute: 'type_id', value: { eq: 'simple' } }], 1, 10);
  let arrive!: () => void;
  const codeMayArrive = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/\/mfe\/catalog\/.+\.js$/, async (route) => {
    await codeMayArrive;
    await route.continue();
  });

  await page.goto(`/p/${valve.sku}/${valve.slug}`, { waitUntil: 'domcontentloaded' });
  // Gone if the press reloads the page (a form without an action submits to its own address).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('button', { name: 'Dodaj do koszyka' }).click();
  await expect(page.locator('html[data-held-submit]')).toBeAttached();
  expect(await page.locator('html[data-route-ready]').count()).toBe(0);

  arrive();
  await expect(page.getByRole('status').filter({ hasText: 'Produkt został dodany do koszyka!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Koszyk: 1 produkt w koszyku' })).toBeVisible();
  await expect(page.locator('html[data-held-submit]')).not.toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the press did not reload the page').toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

test('every static part keeps its server HTML through hydration, and a first visit loads no static part code', async ({ page, request }) => {
  const asked = staticChunks(page);
  // The parts as the HTML parser made them, before any of the shop's scripts ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { __parts: string[] }).__parts = [...document.querySelectorAll('[data-static-part]')].map((part) => part.outerHTML);
    });
  });
  const pages: [string, string][] = [
    ['/porady/jak-dobrac-moc-grzejnika', 'content-article-body'],
    ['/porady', 'content-topic-illustration'],
    ['/i/dostawa', 'content-cms-body'],
    [await reviewedRadiator(request), 'catalog-product-description'],
  ];
  for (const [url, part] of pages) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const { before, after } = await page.evaluate(() => ({
      before: (window as unknown as { __parts: string[] }).__parts,
      after: [...document.querySelectorAll('[data-static-part]')].map((element) => element.outerHTML),
    }));
    expect(before.join(''), `${url}: ${part} is in the server's HTML`).toContain(`data-static-part="${part}"`);
    expect(after, `${url}: the static parts after hydration`).toEqual(before);
    expect(await hydrationErrors(page)).toEqual([]);
  }
  expect(asked).toEqual([]);
});

test.describe('route code without a waterfall', () => {
  test('on a first visit every script of the route remote was hinted in the head, and no inlined stylesheet is fetched again', async ({ browser, request }) => {
    const radiator = await reviewedRadiator(request);
    for (const url of ['/', '/c/grzejniki-lazienkowe', radiator, '/i/dostawa', '/porady', '/porady/jak-dobrac-moc-grzejnika']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded: string[] = [];
      const stylesheets: string[] = [];
      page.on('request', (asked) => {
        const path = new URL(asked.url()).pathname;
        if (!path.startsWith('/mfe/')) return;
        if (path.endsWith('.js')) loaded.push(path);
        if (path.endsWith('.css')) stylesheets.push(path);
      });
      const response = await page.goto(url);
      await routeReady(page);
      await page.waitForLoadState('networkidle');
      const html = await response!.text();
      const hinted = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script"/g)].map((match) => match[1]);
      // The route remote's scripts: the first visit loads those of the route region (no widget, no other remote's).
      const routeRemote = /\/mfe\/([^/]+)\//.exec(hinted.find((src) => src.endsWith('remoteEntry.js'))!)![1];
      const mine = loaded.filter((path) => path.startsWith(`/mfe/${routeRemote}/`));
      expect(mine.length, `${url}: scripts of ${routeRemote}`).toBeGreaterThan(2);
      expect(
        mine.filter((path) => !hinted.includes(path)),
        `${url}: loaded without a hint`,
      ).toEqual([]);
      expect(stylesheets, `${url}: stylesheets the page inlined`).toEqual([]);
      await context.close();
    }
  });

  test("each remote's route-chunks.json names every route page with its scripts and their integrity", async ({ request }) => {
    const state = async (url: string) => {
      const body = await (await request.get(url)).text();
      return JSON.parse(/<script type="application\/json" id="kf-state">(.*?)<\/script>/.exec(body)![1]);
    };
    const { registry } = await state('/');
    const expected: Record<string, string[]> = {
      catalog: ['page-brands', 'page-categories', 'page-category', 'page-compare', 'page-home', 'page-product', 'page-url-dispatcher'],
      content: ['page-advice-article', 'page-advice-list', 'page-cms', 'page-error', 'page-not-found', 'page-pay-later'],
    };
    for (const [remote, pages] of Object.entries(expected)) {
      const remoteEntry: string = registry.remotes[remote].entry;
      const chunks = await (await request.get(remoteEntry.replace(/remoteEntry\.js$/, 'route-chunks.json'))).json();
      expect(Object.keys(chunks.pages).sort()).toEqual(pages);
      for (const page of pages) {
        expect(chunks.pages[page].js.length, `${remote} ${page}`).toBeGreaterThan(0);
        for (const file of chunks.pages[page].js) expect(chunks.integrity[file]).toMatch(/^sha384-/);
      }
      expect(chunks.exposes['./app'].js.length).toBeGreaterThan(0);
    }
  });
});
