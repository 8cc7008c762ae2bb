import { claimWriter, loginRequested, NO_SESSION } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { sessionUserOf } from '../session/account-api';
import { AccountRoutes } from './account-routes';
import { address, customer } from './profile/testing/fake-shop';

// The order page is another part's; here only the frame around it matters.
jest.mock('./orders/order-page', () => ({ OrderPage: () => <p>order page</p> }));

const route = claimWriter('route', 'shell');
const session = claimWriter('session', 'mfe-account');
const go = (name: string, path: string, params: Record<string, string> = {}) =>
  route.set({ path, search: '', hash: '', name, params, previousPath: null, isBack: false });

const requests: unknown[] = [];
let off: () => void;
beforeEach(() => {
  requests.length = 0;
  off = loginRequested.on((request) => requests.push(request));
});
afterEach(() => off());

test.each([
  ['my-account', {}, 'Moje konto'],
  ['orders', {}, 'Historia zamówień'],
  ['order', { orderId: '000000042' }, 'Zamówienie 000000042'],
  ['recently-viewed', {}, 'Ostatnio oglądane'],
])('%s without login asks the shopper to log in', async (name, params, title) => {
  session.set(NO_SESSION);
  go(name, '/my-account', params);
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  expect(screen.getByRole('alert')).toHaveTextContent('Musisz się zalogować, aby zobaczyć tę stronę');
});

test('signed out: the sign-in dialog is asked for at once and again with the button; no account data is drawn', async () => {
  session.set(NO_SESSION);
  go('shipping-details', '/my-account/shipping-details');
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  expect(requests).toEqual([{ mode: 'login', reason: 'guarded-page' }]);
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  expect(requests).toHaveLength(2);
  expect(screen.queryByRole('navigation', { name: 'Sekcje konta' })).not.toBeInTheDocument();
});

test("signed in: the page itself, inside the account's sections with the current one marked", async () => {
  session.set({ authorised: true, token: 't', groupToken: null, tokenLock: 0, user: sessionUserOf(customer({ addresses: [address(1)] })) });
  go('shipping-details', '/my-account/shipping-details');
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Adresy dostawy');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(requests).toEqual([]);
  const nav = screen.getByRole('navigation', { name: 'Sekcje konta' });
  expect(within(nav).getByRole('link', { name: 'Adresy dostawy' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Moje konto' })).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('heading', { name: 'Zapisane adresy' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Anna Nowak' })).toBeInTheDocument();
});

test("an order's page sits under the order history in the breadcrumbs and the sections", async () => {
  session.set({ authorised: true, token: 't', groupToken: null, tokenLock: 0, user: sessionUserOf(customer()) });
  go('order', '/my-account/orders/000000042', { orderId: '000000042' });
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  const crumbs = screen.getByRole('navigation', { name: 'Okruszki' });
  expect(
    within(crumbs)
      .getAllByRole('listitem')
      .map((crumb) => crumb.textContent),
  ).toEqual(['Strona główna', 'Moje konto', 'Historia zamówień', 'Zamówienie 000000042']);
  expect(within(crumbs).getByRole('link', { name: 'Historia zamówień' })).toHaveAttribute('href', '/my-account/orders');
  const nav = screen.getByRole('navigation', { name: 'Sekcje konta' });
  expect(within(nav).getByRole('link', { name: 'Historia zamówień' })).toHaveAttribute('aria-current', 'true');
  expect(screen.getByText('order page')).toBeInTheDocument();
});

test("the reset link's page needs no login", async () => {
  session.set(NO_SESSION);
  route.set({
    path: '/create-password',
    search: '?email=anna%40example.pl&resetToken=abc',
    hash: '',
    name: 'create-password',
    params: {},
    previousPath: null,
    isBack: false,
  });
  await renderRemote(<AccountRoutes />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ustaw nowe hasło');
  expect(screen.getByLabelText('Nowe hasło')).toBeInTheDocument();
  expect(requests).toEqual([]);
});
