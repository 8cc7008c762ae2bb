import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';
import { screen } from '@testing-library/react';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { ContentRoutes } from './content-routes';

const route = claimWriter('route', 'shell');

test('page-not-found names the missing path carried in nf', async () => {
  route.set({ path: '/page-not-found', search: '?nf=%2Fstary-grzejnik', hash: '', name: 'page-not-found', params: {}, previousPath: null, isBack: false });
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nie znaleziono strony');
  expect(screen.getByText('Adres /stary-grzejnik nie prowadzi do żadnej strony w naszym sklepie.')).toBeInTheDocument();
});

test.each([
  ['regulamin', 'Regulamin sklepu'],
  ['zwroty', 'Zwroty i reklamacje'],
  ['cos-innego', 'Informacje'],
])('CMS page %s has its title', async (slug, title) => {
  route.set({ path: `/i/${slug}`, search: '', hash: '', name: 'cms-page', params: { slug }, previousPath: null, isBack: false });
  await renderRemote(<ContentRoutes />, CONTENT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
});
