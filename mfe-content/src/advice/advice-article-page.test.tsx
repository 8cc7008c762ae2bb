import { claimWriter, navigationRequested } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, initI18n, registerNamespace } from '@kaloryfer/i18n';
import { PageData } from '@kaloryfer/ui';
import { PageDataProvider, ServerRender, ServerRenderContext, renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';
import { adviceArticleKey, relatedProductsKey } from './advice-api';
import { articleAnswer, PRODUCTS, standInApi, type Sent } from './testing/advice-test-api';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

/** /porady/{slug} as a reader sees it, against the stand-in API. */
const route = claimWriter('route', 'shell');
const open = (slug: string) =>
  route.set({ path: `/porady/${slug}`, search: '', hash: '', name: 'advice-article', params: { slug }, previousPath: null, isBack: false });

let sent: Sent[];
beforeEach(() => {
  sent = standInApi();
});

test('the article: its headings as real elements, a table of contents linking to them, reading time and date', async () => {
  open('grzejniki-do-pompy-ciepla');
  const { container } = await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByRole('heading', { level: 1, name: 'Grzejniki do pompy ciepła' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Okruszki' })).getByRole('link', { name: 'Porady' })).toHaveAttribute('href', '/porady');

  const toc = screen.getByRole('navigation', { name: 'Spis treści' });
  const entries = within(toc).getAllByRole('link');
  expect(entries.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Dlaczego niska temperatura zasilania', '#dlaczego-niska-temperatura-zasilania'],
    ['Ile mocy zostaje z grzejnika', '#ile-mocy-zostaje-z-grzejnika'],
    ['Co wybrać <script>alert(1)</script>', '#co-wybrac-script-alert-1-script'],
  ]);
  for (const link of entries) {
    const heading = container.querySelector(link.getAttribute('href')!)!;
    expect(heading.tagName).toBe('H2');
    expect(heading).toHaveTextContent(link.textContent!);
  }
  // Lines of one paragraph join; "- " lines are one list; text from the API never becomes markup.
  expect(screen.getByText('Pompa ciepła jest tym sprawniejsza, im chłodniejsza woda. Dlatego instalacje projektuje się na 55/45/20.')).toBeInTheDocument();
  const list = container.querySelector('.advice-body ul')!;
  expect(
    within(list as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['przy 55/45/20: 511 W,', 'przy 45/35/20: 297 W.']);
  expect(container.querySelector('script')).toBeNull();

  expect(screen.getByText('2 minuty czytania')).toBeInTheDocument();
  expect(screen.getByText('Opublikowano 16 listopada 2026')).toHaveAttribute('datetime', '2026-11-16');
  expect(screen.getByRole('link', { name: 'Pompy ciepła' })).toHaveAttribute('href', '/porady?topic=pompy-ciepla');
});

test('related products from the article\'s category: links to the product, "od" price, the whole category', async () => {
  open('grzejniki-do-pompy-ciepla');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const rail = await screen.findByRole('region', { name: 'Produkty do tej porady' });
  const panel = await within(rail).findByRole('link', { name: 'Grzejnik panelowy typ 33 Termolux' });
  expect(panel).toHaveAttribute('href', '/p/KF-P33-0101/grzejnik-panelowy-typ-33-termolux');
  expect(panel.querySelector('img')).toHaveAttribute('src', '/img/255/255/resize/product/panel-1000x600-f4f4f0.svg');
  // The shop's one product tile (shared/ui's ProductCard), as the catalogue lists products.
  expect(within(rail).getByRole('article', { name: 'Grzejnik panelowy typ 33 Termolux' })).toHaveClass('product-tile');
  expect(panel.querySelector('img')).toHaveAttribute('alt', '');
  expect(within(rail).getByText('od 1 234,00 zł')).toBeInTheDocument(); // a configurable: from its cheapest variant
  expect(within(rail).getByText('89,90 zł')).toBeInTheDocument();
  expect(within(rail).getByRole('link', { name: 'Zobacz wszystkie: Grzejniki panelowe typ 33' })).toHaveAttribute('href', '/c/grzejniki-panelowe-typ-33');

  // One catalogue search: listed products of the category, most viewed first.
  const searches = sent.filter((request) => request.url.pathname.endsWith('/product/_search'));
  expect(searches).toHaveLength(1);
  expect(searches[0].method).toBe('POST');
  expect(searches[0].body).toMatchObject({
    size: 4,
    sort: 'view_count:desc',
    query: {
      _appliedFilters: expect.arrayContaining([
        { attribute: 'category_ids', value: { in: [14] } },
        { attribute: 'stock.is_in_stock', value: { eq: true } },
      ]),
    },
  });
});

test('related articles of the topic, and the newer and older article', async () => {
  open('porada-4');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const related = await screen.findByRole('region', { name: 'Przeczytaj też' });
  expect(
    within(related)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  ).toEqual(['/porady/grzejniki-do-pompy-ciepla', '/porady/porada-7', '/porady/porada-10', '/porady/porada-13']);
  const neighbours = screen.getByRole('navigation', { name: 'Inne porady' });
  expect(within(neighbours).getByRole('link', { name: 'Nowsza porada: Porada numer 3' })).toHaveAttribute('href', '/porady/porada-3');
  expect(within(neighbours).getByRole('link', { name: 'Starsza porada: Porada numer 5' })).toHaveAttribute('href', '/porady/porada-5');
});

test("an unknown slug ('CMS query returned empty result') goes to page-not-found with the path in nf, replacing the address", async () => {
  const navigations: { to: string; replace?: boolean }[] = [];
  const off = navigationRequested.on((request) => navigations.push(request));
  open('nie-ma-takiej-porady');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  await waitFor(() => expect(navigations).toEqual([{ to: '/page-not-found?nf=%2Fporady%2Fnie-ma-takiej-porady', replace: true }]));
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  off();
});

test("the server's HTML hydrates with the page's data: no mismatch, nothing fetched again", async () => {
  await initI18n({ language: 'pl-PL' });
  await registerNamespace(CONTENT_NAMESPACE.name, CONTENT_NAMESPACE.loaders);
  open('grzejniki-do-pompy-ciepla');
  const entries = {
    [adviceArticleKey('grzejniki-do-pompy-ciepla')]: { value: articleAnswer('grzejniki-do-pompy-ciepla') },
    [relatedProductsKey(14)]: { value: PRODUCTS },
  };
  const page = () => (
    <I18nextProvider i18n={i18n} defaultNS={CONTENT_NAMESPACE.name}>
      <PageDataProvider data={new PageData(entries)}>
        <ContentRoutes />
      </PageDataProvider>
    </I18nextProvider>
  );
  // In the page, as a region is: its static parts are found by their ids.
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<ServerRender.Provider value={new ServerRenderContext()}>{page()}</ServerRender.Provider>);
  expect(container.querySelector('h1')).toHaveTextContent('Grzejniki do pompy ciepła');
  expect(container.textContent).toMatch(/od 1\s234,00\szł/);
  const heading = container.querySelector('h1');
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(sent).toEqual([]);
  expect(container.querySelector('h1')).toBe(heading);
  // The body is kept as the server wrote it; the products (an island) hydrated with the first view's data.
  expect(container.querySelector('[data-static-part="content-article-body"] h2')).toHaveTextContent('Dlaczego niska temperatura zasilania');
  expect(container.querySelector('[data-island="visible"]')).toHaveAttribute('data-hydrated');
  container.remove();
});
