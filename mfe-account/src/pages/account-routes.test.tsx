import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';
import { screen } from '@testing-library/react';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { AccountRoutes } from './account-routes';

const route = claimWriter('route', 'shell');

test.each([
  ['my-account', {}, 'Moje konto'],
  ['orders', {}, 'Historia zamówień'],
  ['order', { orderId: '000000042' }, 'Zamówienie 000000042'],
  ['recently-viewed', {}, 'Ostatnio oglądane'],
])('%s without login asks the shopper to log in', async (name, params, title) => {
  route.set({ path: '/my-account', search: '', hash: '', name, params, previousPath: null, isBack: false });
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  expect(screen.getByRole('alert')).toHaveTextContent('Musisz się zalogować, aby zobaczyć tę stronę');
});
