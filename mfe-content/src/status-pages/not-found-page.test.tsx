import { claimWriter } from '@kaloryfer/contracts';
import { formatPln } from '@kaloryfer/i18n';

/** The shop's money format as the page reads (its no-break spaces read as spaces). */
const pln = (amount: number) => formatPln(amount).replace(/\s/g, ' ');
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';
import { standInCatalog, type Sent } from './testing/not-found-test-api';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

/** Page-not-found as a shopper meets it, against a stand-in catalogue at the fetch boundary. */
const route = claimWriter('route', 'shell');
const notFound = (nf: string) =>
  route.set({
    path: '/page-not-found',
    search: `?${new URLSearchParams({ nf })}`,
    hash: '',
    name: 'page-not-found',
    params: {},
    previousPath: null,
    isBack: false,
  });
const productSearches = (sent: Sent[]) => sent.filter((request) => request.url.pathname.endsWith('/product/_search'));

test('says which address was not found, suggests what the catalogue has for its words, and the top categories', async () => {
  const sent = standInCatalog();
  notFound('/grzejnik-lazienkowy-biały');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nie znaleziono strony');
  expect(screen.getByText('Adres /grzejnik-lazienkowy-biały nie prowadzi do żadnej strony w naszym sklepie.')).toBeInTheDocument();

  const suggestions = await screen.findByRole('region', { name: 'Może tego szukasz?' });
  // A category named like the address (not every "grzejniki" one) and the products the search found.
  expect(within(suggestions).getByRole('link', { name: 'Grzejniki łazienkowe' })).toHaveAttribute('href', '/c/grzejniki-lazienkowe');
  expect(within(suggestions).getByRole('link', { name: 'Grzejnik łazienkowy drabinkowy Aura biały' })).toHaveAttribute(
    'href',
    '/p/KF-DR-0041/grzejnik-lazienkowy-drabinkowy-aura-bialy',
  );
  expect(within(suggestions).getByText(`od ${pln(649)}`)).toBeInTheDocument(); // a configurable product: "from"
  expect(within(suggestions).getByText(pln(1249))).toBeInTheDocument();

  const top = screen.getByRole('navigation', { name: 'Kategorie sklepu' });
  expect(
    within(top)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Grzejniki dekoracyjne', '/c/grzejniki-dekoracyjne'],
    ['Grzejniki łazienkowe', '/c/grzejniki-lazienkowe'],
    ['Grzejniki pokojowe', '/c/grzejniki-pokojowe'],
    ['Akcesoria', '/c/akcesoria'],
  ]);

  // One catalogue search, for the words of the path; listed, in-stock products only.
  expect(productSearches(sent)).toHaveLength(1);
  const [search] = productSearches(sent);
  expect(search.method).toBe('POST');
  expect(search.body).toMatchObject({
    query: {
      _searchText: 'grzejnik lazienkowy biały',
      _appliedFilters: [
        { attribute: 'visibility', value: { in: [2, 3, 4] } },
        { attribute: 'status', value: { in: [0, 1] } },
        { attribute: 'stock.is_in_stock', value: { eq: true } },
      ],
    },
    size: 6,
  });
});

test('the search box is a plain GET form to the search results, filled with the words, ready to edit', async () => {
  standInCatalog();
  notFound('/stary-grzejnik-lazienkowy.html');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  await screen.findByRole('region', { name: 'Może tego szukasz?' });
  const box = screen.getByRole('searchbox', { name: 'Czego szukasz?' });
  const form = box.closest('form')!;
  expect(form).toHaveAttribute('method', 'get');
  expect(form).toHaveAttribute('action', '/categories');
  expect(box).toHaveAttribute('name', 'query');
  expect(box).toHaveValue('stary grzejnik lazienkowy');
  await userEvent.clear(box);
  await userEvent.type(box, 'grzejnik drabinkowy');
  expect(box).toHaveValue('grzejnik drabinkowy');
  expect(within(form).getByRole('button', { name: 'Szukaj' })).toHaveAttribute('type', 'submit');
});

test('no words worth searching: no product search, still the categories; a failed search still leaves the page useful', async () => {
  let sent = standInCatalog();
  notFound('/a/b');
  // Nothing to search: the suggestions are ready at once, within the render.
  const { unmount } = await act(() => renderRemote(<ContentRoutes />, CONTENT_NAMESPACE));
  await screen.findByRole('navigation', { name: 'Kategorie sklepu' });
  expect(productSearches(sent)).toHaveLength(0);
  expect(screen.queryByRole('region', { name: 'Może tego szukasz?' })).not.toBeInTheDocument();
  unmount();

  sent = standInCatalog({ failProducts: true });
  notFound('/grzejnik-lazienkowy-bialy');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  await screen.findByRole('navigation', { name: 'Kategorie sklepu' });
  await act(async () => undefined); // the failed search settles too
  // The categories named like the address still show; the products could not be asked for.
  expect(await screen.findByRole('region', { name: 'Może tego szukasz?' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Aura/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
});
