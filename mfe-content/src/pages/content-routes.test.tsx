import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen } from '@testing-library/react';
import { standInCmsApi } from '../cms/testing/cms-test-api';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from './content-routes';
import { preloadAllRoutePages } from './route-pages';

// As the remote's mount does (app.tsx, `prepare`): the route's page code is here before the first render.
beforeAll(() => preloadAllRoutePages());

const route = claimWriter('route', 'shell');

test('page-not-found names the missing path carried in nf', async () => {
  route.set({ path: '/page-not-found', search: '?nf=%2Fstary-grzejnik', hash: '', name: 'page-not-found', params: {}, previousPath: null, isBack: false });
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nie znaleziono strony');
  expect(screen.getByText('Adres /stary-grzejnik nie prowadzi do żadnej strony w naszym sklepie.')).toBeInTheDocument();
});

test.each([
  ['cms-page', '/i/regulamin', 'Regulamin sklepu'],
  ['en-cms-page', '/en/i/zwroty', 'Zwroty i reklamacje'],
])('%s %s renders the CMS page "%s"', async (name, path, title) => {
  standInCmsApi();
  const slug = path.split('/').pop()!;
  route.set({ path, search: '', hash: '', name, params: { slug }, previousPath: null, isBack: false });
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(title);
});
