import { claimWriter, type PageDataEntry } from '@kaloryfer/contracts';
import type { Category } from '@kaloryfer/api-contract';
import { i18n, I18nextProvider, initI18n, registerNamespace } from '@kaloryfer/i18n';
import { PageData } from '@kaloryfer/ui';
import { PageDataProvider, renderRemote } from '@kaloryfer/ui/testing';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { BRANDS_KEY, CATEGORIES_KEY } from '../api/data-keys';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { LISTED_FILTERS } from '../listing/listing-request';
import { attribute, category as categoryAnswer, searchAnswer } from '../testing/catalog-answers';
import { BrandsPage } from './brands-page';
import { CatalogRoutes } from './catalog-routes';
import { CategoriesPage } from './categories-page';
import { preloadAllRoutePages } from './route-pages';

/**
 * /categories and /marki against a stand-in for the shop API at the fetch boundary: the
 * category tree as the seed builds it (main category 2 under the invisible root, five
 * top-level categories, subcategories down to the panel types), the manufacturer attribute
 * and one product search whose `manufacturer` facet gives the brands' counts.
 */
const route = claimWriter('route', 'shell');
const goTo = (path: string, search = '', name = path === '/categories' ? 'categories' : 'brands') =>
  route.set({ path, search, hash: '', name, params: {}, previousPath: null, isBack: false });

let position = 0;
const category = (id: number, parentId: number, name: string, slug: string, productCount: number, isActive = true): Category =>
  categoryAnswer({ id, parent_id: parentId, name, slug, level: 0, position: (position += 1), is_active: isActive, product_count: productCount });
const TREE: Category[] = [
  category(2, 1, 'Kaloryfer', 'kaloryfer', 640),
  // Deliberately not in position order among siblings of another parent: the page orders by position.
  category(3, 2, 'Grzejniki dekoracyjne', 'grzejniki-dekoracyjne', 212),
  category(4, 3, 'Grzejniki dekoracyjne pionowe', 'grzejniki-dekoracyjne-pionowe', 120),
  category(5, 3, 'Grzejniki dekoracyjne poziome', 'grzejniki-dekoracyjne-poziome', 92),
  category(6, 2, 'Grzejniki łazienkowe', 'grzejniki-lazienkowe', 150),
  category(7, 6, 'Grzejniki drabinkowe', 'grzejniki-drabinkowe', 128),
  category(8, 6, 'Grzejniki elektryczne', 'grzejniki-elektryczne', 22),
  category(9, 2, 'Grzejniki pokojowe', 'grzejniki-pokojowe', 200),
  category(10, 9, 'Grzejniki panelowe', 'grzejniki-panelowe', 150),
  category(11, 10, 'Grzejniki panelowe typ 11', 'grzejniki-panelowe-typ-11', 1),
  category(12, 10, 'Grzejniki panelowe typ 21', 'grzejniki-panelowe-typ-21', 3),
  category(13, 10, 'Grzejniki panelowe typ 22', 'grzejniki-panelowe-typ-22', 134),
  category(14, 10, 'Grzejniki panelowe typ 33', 'grzejniki-panelowe-typ-33', 12),
  category(15, 9, 'Grzejniki stalowe rurowe', 'grzejniki-stalowe-rurowe', 30),
  category(16, 9, 'Grzejniki żeliwne', 'grzejniki-zeliwne', 20),
  category(17, 2, 'Akcesoria', 'akcesoria', 70),
  category(18, 17, 'Zawory', 'zawory', 20),
  category(19, 17, 'Głowice termostatyczne', 'glowice-termostatyczne', 15),
  category(20, 17, 'Grzałki', 'grzalki', 15),
  category(21, 17, 'Zestawy przyłączeniowe', 'zestawy-przylaczeniowe', 10),
  category(22, 17, 'Wieszaki na ręczniki', 'wieszaki-na-reczniki', 10),
  category(24, 17, 'Wycofane akcesoria', 'wycofane-akcesoria', 0, false),
  category(23, 2, 'Montaż i poradniki', 'montaz-i-poradniki', 8),
];

const TOP = [
  ['Grzejniki dekoracyjne', 'grzejniki-dekoracyjne', ['Grzejniki dekoracyjne pionowe', 'Grzejniki dekoracyjne poziome']],
  ['Grzejniki łazienkowe', 'grzejniki-lazienkowe', ['Grzejniki drabinkowe', 'Grzejniki elektryczne']],
  [
    'Grzejniki pokojowe',
    'grzejniki-pokojowe',
    [
      'Grzejniki panelowe',
      'Grzejniki panelowe typ 11',
      'Grzejniki panelowe typ 21',
      'Grzejniki panelowe typ 22',
      'Grzejniki panelowe typ 33',
      'Grzejniki stalowe rurowe',
      'Grzejniki żeliwne',
    ],
  ],
  ['Akcesoria', 'akcesoria', ['Zawory', 'Głowice termostatyczne', 'Grzałki', 'Zestawy przyłączeniowe', 'Wieszaki na ręczniki']],
  ['Montaż i poradniki', 'montaz-i-poradniki', []],
] as const;

const MANUFACTURER = attribute({
  attribute_id: 81,
  attribute_code: 'manufacturer',
  frontend_label: 'Producent',
  frontend_input: 'select',
  is_filterable: true,
  is_comparable: true,
  options: [
    { value: '201', label: 'Termolux', sort_order: 0 },
    { value: '202', label: 'Grzewex', sort_order: 1 },
    { value: '203', label: 'Ciepłodar', sort_order: 2 },
    { value: '205', label: 'Piastherm', sort_order: 3 },
    { value: '206', label: 'Kalormont', sort_order: 4 },
    { value: '208', label: 'Bałtyk Radiatory', sort_order: 5 },
    { value: '209', label: 'Ćwiek Therm', sort_order: 6 },
    { value: '210', label: 'Czarnotherm', sort_order: 7 },
  ],
});
/** As the API answers the facet: most products first; Kalormont has none (no bucket), Piastherm a zero. */
const MANUFACTURER_BUCKETS = [
  { key: '208', doc_count: 22 },
  { key: '201', doc_count: 12 },
  { key: '203', doc_count: 5 },
  { key: '210', doc_count: 3 },
  { key: '202', doc_count: 1 },
  { key: '209', doc_count: 2 },
  { key: '205', doc_count: 0 },
];

interface Sent {
  url: string;
  body: { query?: { _appliedFilters?: unknown[]; _availableFilters?: unknown[] }; size?: number };
}
let sent: Sent[];
// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

beforeEach(() => {
  sent = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    sent.push({ url: String(url), body });
    const json = (payload: unknown) => ({ ok: true, status: 200, statusText: 'OK', json: async () => payload }) as Response;
    if (String(url).includes('/category/_search')) return json(searchAnswer(TREE, { perPage: 4000 }));
    if (String(url).includes('/attribute/_search')) return json(searchAnswer([MANUFACTURER], { perPage: 150 }));
    return json(searchAnswer([], { total: 57, perPage: body.size, aggregations: { agg_terms_manufacturer: { buckets: MANUFACTURER_BUCKETS } } }));
  }) as typeof fetch;
});

const productSearches = () => sent.filter((request) => request.url.includes('/product/_search'));

test('/categories lists the whole tree: the five top categories as headed links, their subcategories as nested lists of links, with counts', async () => {
  goTo('/categories');
  await renderRemote(<CatalogRoutes />, CATALOG_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wszystkie kategorie');
  await screen.findByRole('link', { name: 'Montaż i poradniki' });

  const headings = screen.getAllByRole('heading', { level: 2 });
  expect(headings.map((heading) => heading.textContent)).toEqual(TOP.map(([name]) => name));
  for (const [name, slug, children] of TOP) {
    const heading = screen.getByRole('heading', { level: 2, name });
    expect(within(heading).getByRole('link', { name })).toHaveAttribute('href', `/c/${slug}`);
    const branch = heading.closest('li')!;
    const links = within(branch).getAllByRole('link').slice(1);
    expect(links.map((link) => link.textContent)).toEqual(children);
    for (const link of links) {
      expect(link).toHaveAttribute('href', `/c/${TREE.find((item) => item.name === link.textContent)!.slug}`);
      expect(link.closest('ul')).toHaveClass('category-tree-children'); // a nested list, not a flat row of tiles
    }
  }

  // The panel types sit in a list inside "Grzejniki panelowe", which sits inside "Grzejniki pokojowe".
  const panel = screen.getByRole('link', { name: 'Grzejniki panelowe' }).closest('li')!;
  expect(
    within(within(panel).getByRole('list'))
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Grzejniki panelowe typ 11', 'Grzejniki panelowe typ 21', 'Grzejniki panelowe typ 22', 'Grzejniki panelowe typ 33']);
  expect(panel.parentElement!.closest('li')).toBe(screen.getByRole('heading', { level: 2, name: 'Grzejniki pokojowe' }).closest('li'));

  // Counts in Polish with their plural forms; beside the link, so the link's name is the category's.
  const countOf = (name: string) => screen.getByRole('link', { name }).closest('li')!.querySelector('.index-count')!.textContent;
  expect(countOf('Grzejniki dekoracyjne')).toBe('212 produktów');
  expect(countOf('Grzejniki panelowe typ 11')).toBe('1 produkt');
  expect(countOf('Grzejniki panelowe typ 21')).toBe('3 produkty');
  expect(countOf('Grzejniki elektryczne')).toBe('22 produkty');
  expect(countOf('Grzejniki panelowe typ 33')).toBe('12 produktów');

  // The main category is the tree's root, not one of its entries; an inactive category is not shown.
  expect(screen.queryByRole('link', { name: 'Kaloryfer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Wycofane akcesoria' })).not.toBeInTheDocument();
});

test('/marki lists every brand with products, A–Ż in Polish order, with its count and a link to its products', async () => {
  goTo('/marki');
  await renderRemote(<CatalogRoutes />, CATALOG_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Marki');
  const first = await screen.findByRole('link', { name: 'Bałtyk Radiatory' });

  const list = first.closest('ul')!;
  const rows = within(list).getAllByRole('listitem');
  // Ć after every C…, Ł after L: Polish collation, not code points (Ć last) nor English (Ć among the C's).
  expect(rows.map((row) => row.textContent)).toEqual([
    'Bałtyk Radiatory 22 produkty',
    'Ciepłodar 5 produktów',
    'Czarnotherm 3 produkty',
    'Ćwiek Therm 2 produkty',
    'Grzewex 1 produkt',
    'Termolux 12 produktów',
  ]);
  expect(
    within(list)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Bałtyk Radiatory', '/categories?manufacturer=208'],
    ['Ciepłodar', '/categories?manufacturer=203'],
    ['Czarnotherm', '/categories?manufacturer=210'],
    ['Ćwiek Therm', '/categories?manufacturer=209'],
    ['Grzewex', '/categories?manufacturer=202'],
    ['Termolux', '/categories?manufacturer=201'],
  ]);
  // No listed products: left out, whether the facet has no bucket for it or a zero.
  expect(screen.queryByText(/Kalormont/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Piastherm/)).not.toBeInTheDocument();

  // The counts come from one product search: the facet over what every listing lists.
  expect(productSearches()).toHaveLength(1);
  const [counts] = productSearches();
  expect(counts.body.query?._appliedFilters).toEqual(LISTED_FILTERS);
  expect(counts.body.query?._availableFilters).toEqual([expect.objectContaining({ field: 'manufacturer' })]);
  expect(counts.body.size).toBe(1);
});

test("a brand's link opens the listing of every product filtered by that brand, not the category tree", async () => {
  goTo('/categories', '?manufacturer=201');
  // The attributes were loaded by an earlier page (cached per page load): their answer comes at once.
  await act(() => renderRemote(<CatalogRoutes />, CATALOG_NAMESPACE));
  await waitFor(() => expect(productSearches()).toHaveLength(1));
  const applied = productSearches()[0].body.query?._appliedFilters ?? [];
  expect(applied).toContainEqual({ attribute: 'manufacturer', value: { in: [201] } });
  expect(applied).not.toContainEqual(expect.objectContaining({ attribute: 'category_ids' }));
  // The listing's own filter panel shows the brand chosen.
  expect(await screen.findByRole('checkbox', { name: 'Termolux (12)' })).toBeChecked();
  expect(await screen.findByText('Produkty: 57')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Montaż i poradniki' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Wszystkie kategorie');
});

const withData = (entries: Record<string, PageDataEntry>, page: ReactElement) => <PageDataProvider data={new PageData(entries)}>{page}</PageDataProvider>;

test('a failed load says so under the page heading (both pages), with nothing fetched again while hydrating', async () => {
  const failed: PageDataEntry = { error: { status: 503, message: 'Service Unavailable' } };
  await renderRemote(withData({ [CATEGORIES_KEY]: failed }, <CategoriesPage />), CATALOG_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wszystkie kategorie');
  expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać kategorii');
  cleanup();

  await renderRemote(withData({ [BRANDS_KEY]: failed }, <BrandsPage />), CATALOG_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Marki');
  expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się wczytać listy marek');
  expect(sent).toEqual([]);
});

test('the server render asks for the brands by key, then renders them; the browser hydrates from that entry', async () => {
  await initI18n({ language: 'pl-PL' });
  await registerNamespace(CATALOG_NAMESPACE.name, CATALOG_NAMESPACE.loaders);
  const data = new PageData({}, true);
  const html = () =>
    renderToString(
      <I18nextProvider i18n={i18n} defaultNS="catalog">
        <PageDataProvider data={data}>
          <BrandsPage />
        </PageDataProvider>
      </I18nextProvider>,
    );
  expect(html()).toContain('aria-busy="true"');
  const wanted = data.takeWanted();
  expect(wanted.map(([key]) => key)).toEqual([BRANDS_KEY]);
  for (const [key, load] of wanted) data.set(key, { value: await load(new AbortController().signal) });
  expect(html()).toContain('<a href="/categories?manufacturer=201">Termolux</a>');
  expect(data.takeWanted()).toEqual([]);

  const requests = sent.length;
  await renderRemote(withData(data.used(), <BrandsPage />), CATALOG_NAMESPACE);
  expect(screen.getByRole('link', { name: 'Termolux' })).toHaveAttribute('href', '/categories?manufacturer=201');
  expect(sent).toHaveLength(requests);
});
