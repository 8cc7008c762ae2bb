import { claimWriter, tagEventRequested, type TagEvent } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen } from '@testing-library/react';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from '../pages/content-routes';
import { preloadAllRoutePages } from '../pages/route-pages';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

/** /error as the shell sends a shopper there: what happened, retry the failed address, home, one report. */
const route = claimWriter('route', 'shell');
const errorPage = (search: string) => route.set({ path: '/error', search, hash: '', name: 'error', params: {}, previousPath: null, isBack: false });

let reports: TagEvent[];
let stop: () => void;
beforeEach(() => {
  reports = [];
  stop = tagEventRequested.on((event) => reports.push(event)); // the shell's side of the channel
});
afterEach(() => stop());

test('says which page failed, retries it, offers home, and reports the error to the tag manager once', async () => {
  errorPage('?from=%2Fc%2Fgrzejniki-lazienkowe%3Fsort%3Dprice%3Aasc&remote=catalog');
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wystąpił błąd');
  expect(screen.getByText('Nie udało się wczytać strony /c/grzejniki-lazienkowe?sort=price:asc.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Spróbuj ponownie' })).toHaveAttribute('href', '/c/grzejniki-lazienkowe?sort=price:asc');
  expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/i/kontakt');
  expect(reports).toEqual([{ event: 'page_error', error_type: 'route_failed_to_load', failed_path: '/c/grzejniki-lazienkowe', remote: 'catalog' }]);
});

test.each([
  ['another site', '?from=%2F%2Fevil.example%2Fphish&remote=catalog'],
  ['a full address', '?from=https%3A%2F%2Fevil.example%2F'],
  ['nothing', ''],
])('a `from` that is %s is not offered as a retry', async (_, search) => {
  errorPage(search);
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByText('Ta strona sklepu chwilowo nie działa.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Spróbuj ponownie' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
  expect(reports).toEqual([{ event: 'page_error', error_type: 'error_page', failed_path: null, remote: search.includes('catalog') ? 'catalog' : null }]);
});
