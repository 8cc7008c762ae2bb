import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { fakeShopApi, historyOrder, historyPage, showRoute, signIn } from './testing/orders-kit';
import { OrdersPage } from './orders-page';

const HISTORY = '/api/user/order-history';

beforeEach(() => signIn('access-1'));

test('the history lists each order with its number, Polish date, status and payment in words, total and a link to it', async () => {
  showRoute('orders');
  const calls = fakeShopApi({
    [HISTORY]: () => ({
      status: 200,
      result: historyPage([
        historyOrder({
          increment_id: '000000043',
          created_at: '2026-11-24T23:30:00.000Z',
          status: 'pending_payment',
          payment_state: 'failed',
          grand_total: 2609,
        }),
        historyOrder({
          increment_id: '000000042',
          created_at: '2026-03-05T08:00:00.000Z',
          status: 'processing',
          payment_state: 'offline',
          grand_total: 1338.99,
        }),
      ]),
    }),
  });
  await renderRemote(<OrdersPage />, ACCOUNT_NAMESPACE);

  const table = await screen.findByRole('table', { name: 'Twoje zamówienia, od najnowszego' });
  const [, newest, older] = within(table).getAllByRole('row');
  // 23:30 UTC on the 24th is already the 25th in Warsaw: the shop's day counts.
  expect(
    within(newest)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['25.11.2026', 'Oczekuje na płatność', 'Nieudana', '2\u00a0609,00\u00a0zł', 'Szczegóły zamówienia 000000043']);
  expect(within(newest).getByRole('rowheader')).toHaveTextContent('000000043');
  expect(
    within(older)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
      .slice(0, 4),
  ).toEqual(['05.03.2026', 'W realizacji', 'Przy odbiorze lub przelewem', '1\u00a0338,99\u00a0zł']);
  expect(within(older).getByRole('link', { name: 'Szczegóły zamówienia 000000042' })).toHaveAttribute('href', '/my-account/orders/000000042');
  expect(calls).toHaveLength(1);
  expect(Object.fromEntries(calls[0].query)).toEqual({ pageSize: '20', currentPage: '1', token: 'access-1' });
  expect(screen.queryByRole('navigation', { name: 'Strony historii zamówień' })).not.toBeInTheDocument();
});

test('?page=2 asks for the second page; the pages are real links, the current one marked, with previous and next', async () => {
  showRoute('orders', {}, '?page=2');
  const calls = fakeShopApi({ [HISTORY]: () => ({ status: 200, result: historyPage([historyOrder({ increment_id: '000000021' })], 45, 2) }) });
  await renderRemote(<OrdersPage />, ACCOUNT_NAMESPACE);

  const pages = await screen.findByRole('navigation', { name: 'Strony historii zamówień' });
  expect(calls[0].query.get('currentPage')).toBe('2');
  const links = within(pages).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Poprzednia', '/my-account/orders'],
    ['1', '/my-account/orders'],
    ['2', '/my-account/orders?page=2'],
    ['3', '/my-account/orders?page=3'],
    ['Następna', '/my-account/orders?page=3'],
  ]);
  expect(within(pages).getByRole('link', { name: 'Strona 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(pages).getByRole('link', { name: 'Strona 1' })).not.toHaveAttribute('aria-current');
});

test('while loading the list is busy; a failed load says so and "Spróbuj ponownie" loads it again', async () => {
  showRoute('orders');
  let failing = true;
  fakeShopApi({ [HISTORY]: () => (failing ? { status: 503, result: 'Service unavailable' } : { status: 200, result: historyPage([historyOrder()]) }) });
  const { container } = await renderRemote(<OrdersPage />, ACCOUNT_NAMESPACE);
  expect(container.querySelector('.orders-page')).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByRole('status')).toHaveTextContent('Wczytujemy zamówienia…');

  expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać zamówień.');
  expect(container.querySelector('.orders-page')).toHaveAttribute('aria-busy', 'false');
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  expect(await screen.findByRole('link', { name: 'Szczegóły zamówienia 000000042' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('no orders yet: the page says so and links to the shop', async () => {
  showRoute('orders');
  fakeShopApi({ [HISTORY]: () => ({ status: 200, result: historyPage([]) }) });
  await renderRemote(<OrdersPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText('Nie masz jeszcze żadnych zamówień.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Przejdź do sklepu' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a page past the last one offers the first page', async () => {
  showRoute('orders', {}, '?page=9');
  fakeShopApi({ [HISTORY]: () => ({ status: 200, result: historyPage([], 3, 9) }) });
  await renderRemote(<OrdersPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByRole('link', { name: 'Przejdź do pierwszej strony' })).toHaveAttribute('href', '/my-account/orders');
});
