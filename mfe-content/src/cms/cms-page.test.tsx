import { claimWriter, navigationRequested, notificationRequested, type NotificationInput } from '@kaloryfer/contracts';
import { i18n, I18nextProvider, initI18n, registerNamespace } from '@kaloryfer/i18n';
import { PageData } from '@kaloryfer/ui';
import { PageDataProvider, renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';
import { cmsHierarchyKey, cmsPageKey } from './cms-api';
import { hierarchyOf, PAGES, standInCmsApi } from './testing/cms-test-api';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

/** /i/{slug} as a reader sees it, against the stand-in API. */
const route = claimWriter('route', 'shell');
const open = (slug: string, name = 'cms-page') =>
  route.set({ path: `${name === 'en-cms-page' ? '/en' : ''}/i/${slug}`, search: '', hash: '', name, params: { slug }, previousPath: null, isBack: false });

let sent: URL[];
beforeEach(() => {
  sent = standInCmsApi();
});

test('the page: its heading, the body as real headings, lists, a table and links, the last update in Polish', async () => {
  open('regulamin');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByRole('heading', { level: 1, name: 'Regulamin sklepu' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
    expect.arrayContaining(['§ 3. Zamówienia', '§ 5. Dostawa']),
  );
  expect(screen.getByText('Zamawiam i płacę', { exact: false }).closest('li')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Koszty dostawy' });
  expect(within(table).getByRole('rowheader', { name: 'Kurier DPD' })).toBeInTheDocument();
  expect(within(table).getByRole('cell', { name: '29,00 zł' })).toBeInTheDocument();

  // An internal link is a plain href the shell turns into a navigation; an external one never gets the opener.
  expect(within(screen.getByText('Szczegóły:', { exact: false })).getByRole('link', { name: 'Dostawa' })).toHaveAttribute('href', '/i/dostawa');
  const external = screen.getByRole('link', { name: 'prawakonsumenta.uokik.gov.pl' });
  expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  expect(external).not.toHaveAttribute('target');

  expect(screen.getByText('Ostatnia aktualizacja:', { exact: false })).toHaveTextContent('Ostatnia aktualizacja: 1 listopada 2026');
  expect(screen.getByText('1 listopada 2026')).toHaveAttribute('datetime', '2026-11-01');
});

test('breadcrumbs lead up the hierarchy; the side navigation lists the pages beside it, the current one marked', async () => {
  open('regulamin');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const crumbs = await screen.findByRole('navigation', { name: 'Okruszki' });
  expect(
    within(crumbs)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Strona główna', 'Informacje dla klienta', 'Regulamin sklepu']);
  expect(within(crumbs).getByRole('link', { name: 'Informacje dla klienta' })).toHaveAttribute('href', '/i/informacje');

  const side = screen.getByRole('navigation', { name: 'Informacje dla klienta' });
  expect(within(side).getByRole('link', { name: 'Informacje dla klienta' })).toHaveAttribute('href', '/i/informacje');
  const pages = within(side)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link'));
  expect(pages.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Regulamin sklepu', '/i/regulamin'],
    ['Dostawa', '/i/dostawa'],
    ['Zwroty i reklamacje', '/i/zwroty'],
  ]);
  expect(within(side).getByRole('link', { current: 'page' })).toHaveTextContent('Regulamin sklepu');
  expect(pages.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
});

test('a page with children shows them under it; a child page heads its navigation with its parent', async () => {
  open('zwroty');
  const view = await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const side = await screen.findByRole('navigation', { name: 'Informacje dla klienta' });
  const current = within(side).getByRole('link', { current: 'page' });
  expect(current).toHaveTextContent('Zwroty i reklamacje');
  expect(within(current.closest('li')!).getByRole('link', { name: 'Formularz odstąpienia od umowy' })).toHaveAttribute('href', '/i/formularz-odstapienia');
  view.unmount();

  open('formularz-odstapienia');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  const child = await screen.findByRole('navigation', { name: 'Zwroty i reklamacje' });
  expect(within(child).getByRole('link', { current: 'page' })).toHaveTextContent('Formularz odstąpienia od umowy');
  expect(
    within(screen.getByRole('navigation', { name: 'Okruszki' }))
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Strona główna', 'Informacje dla klienta', 'Zwroty i reklamacje']);
});

/**
 * What the API serves for hostile HTML in the CMS (its sanitiser strips scripts, handlers,
 * frames and javascript: links: api/src/content/sanitize.test.ts) — `<h2>Zasady</h2><p
 * onclick="steal()">Tekst<img src=x onerror="steal()"></p><script>steal()</script><p><a
 * href="javascript:steal()">kliknij</a> <a href="/i/dostawa" onmouseover="steal()">Dostawa</a></p>
 * <iframe src="https://evil.example"></iframe>` comes out as this, and the page shows exactly it.
 */
const SANITISED_BODY = '<h2>Zasady</h2><p>Tekst</p><p>kliknij <a href="/i/dostawa">Dostawa</a></p>';

test('a body the API sanitised is shown as served: its heading, paragraphs and the one safe link, nothing added', async () => {
  sent = standInCmsApi(PAGES.map((page) => (page.identifier === 'regulamin' ? { ...page, content: SANITISED_BODY } : page)));
  open('regulamin');
  const { container } = await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByRole('heading', { level: 2, name: 'Zasady' })).toBeInTheDocument();
  expect(container.querySelectorAll('script, img, iframe, style')).toHaveLength(0);
  const paragraph = screen.getByText('kliknij', { exact: false });
  expect(paragraph.tagName).toBe('P');
  expect(within(paragraph).getAllByRole('link')).toHaveLength(1);
  expect(within(paragraph).getByRole('link', { name: 'Dostawa' })).toHaveAttribute('href', '/i/dostawa');
});

test("an unknown slug ('CMS query returned empty result') goes to page-not-found with the path in nf, replacing the address", async () => {
  const navigations: { to: string; replace?: boolean }[] = [];
  const off = navigationRequested.on((request) => navigations.push(request));
  open('nie-ma-takiej-strony');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  await waitFor(() => expect(navigations).toEqual([{ to: '/page-not-found?nf=%2Fi%2Fnie-ma-takiej-strony', replace: true }]));
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  off();
});

test('a failed load says so and tries again on request', async () => {
  const working = global.fetch;
  let failing = true;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    failing
      ? ({ ok: false, status: 503, statusText: 'Service Unavailable', json: async () => ({ code: 503, result: 'Service Unavailable' }) } as Response)
      : working(input, init),
  ) as typeof fetch;
  open('dostawa');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać tej strony. Spróbuj ponownie za chwilę.');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Strona chwilowo niedostępna');
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dostawa' })).toBeInTheDocument();
});

test("offline, the page cannot load: the spec's warning and a replace-navigation home (the shared useOfflineRedirect)", async () => {
  const connectivity = claimWriter('connectivity', 'shell');
  const notifications: NotificationInput[] = [];
  const navigations: { to: string; replace?: boolean }[] = [];
  const offs = [notificationRequested.on((input) => notifications.push(input)), navigationRequested.on((request) => navigations.push(request))];
  global.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  connectivity.set({ online: false });
  try {
    open('dostawa');
    await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
    await waitFor(() => expect(navigations).toEqual([{ to: '/', replace: true }]));
    expect(notifications).toEqual([{ type: 'warning', message: 'The product, category or CMS page is not available in Offline mode, redirecting to Home' }]);
  } finally {
    connectivity.set({ online: true });
    offs.forEach((off) => off());
  }
});

test("the server's HTML hydrates with the page's data: no mismatch, nothing fetched again", async () => {
  await initI18n({ language: 'pl-PL' });
  await registerNamespace(CONTENT_NAMESPACE.name, CONTENT_NAMESPACE.loaders);
  open('regulamin');
  const entries = {
    [cmsPageKey('regulamin')]: { value: PAGES[1] },
    [cmsHierarchyKey('regulamin')]: { value: hierarchyOf('regulamin') },
  };
  const page = () => (
    <I18nextProvider i18n={i18n} defaultNS={CONTENT_NAMESPACE.name}>
      <PageDataProvider data={new PageData(entries)}>
        <ContentRoutes />
      </PageDataProvider>
    </I18nextProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  const heading = container.querySelector('h1');
  expect(heading).toHaveTextContent('Regulamin sklepu');
  expect(container.querySelector('table')).not.toBeNull();
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(sent).toEqual([]);
  expect(container.querySelector('h1')).toBe(heading);
});
