import {
  cartAddRequested,
  closePanelsRequested,
  panelOpened,
  type NotificationInput,
  notificationRequested,
  syncTaskRequested,
  syncTaskSettled,
  type SyncTaskRequested,
} from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_NAMESPACE } from '../i18n/namespace';
import { MiniCart } from './mini-cart';

// The engine runs for real here, with no server to reach (jsdom has no fetch): the offline path.

test('an empty cart says so and offers to go on shopping', async () => {
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // the engine's start publishes the stored (empty) cart
  await userEvent.click(await screen.findByRole('button', { name: 'Koszyk: 0 produktów w koszyku' }));
  expect(await screen.findByText('Twój koszyk jest pusty.')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Kontynuuj zakupy' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the open microcart keeps Tab inside; Escape closes it and gives focus back to the cart button', async () => {
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  const button = await screen.findByRole('button', { name: 'Koszyk: 0 produktów w koszyku' });
  await userEvent.click(button);
  await screen.findByText('Twój koszyk jest pusty.');
  const close = screen.getByRole('button', { name: 'Zamknij' });
  const shop = screen.getByRole('button', { name: 'Kontynuuj zakupy' });
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab();
  expect(shop).toHaveFocus();
  await userEvent.tab(); // past the last control: back to the first, not out to the page
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true });
  expect(shop).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
});

test('an add request on the bus counts quantities with Polish plurals; the microcart opens with the overlay and gives focus back', async () => {
  const opened: string[] = [];
  const notes: NotificationInput[] = [];
  const offPanels = panelOpened.on(({ panel }) => opened.push(panel));
  const offNotes = notificationRequested.on((note) => notes.push(note));
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  await act(async () => {
    cartAddRequested.emit({ sku: 'KF-ZT-0001', qty: 2, product: { name: 'Zawór termostatyczny', priceInclTax: 89 } });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the engine's queue: stock check, connect (no server), publish
  });
  const button = await screen.findByRole('button', { name: 'Koszyk: 2 produkty w koszyku' });
  expect(notes.map((note) => note.message)).toEqual(['Product has been added to the cart!']);
  expect(localStorage.getItem('kaloryfer.cart')).toContain('KF-ZT-0001');
  await userEvent.click(button);
  expect(opened).toEqual(['microcart']);
  expect(await within(screen.getByRole('dialog', { name: 'Twój koszyk' })).findByText('Zawór termostatyczny')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Przejdź do kasy' })).toHaveAttribute('href', '/checkout');
  act(() => closePanelsRequested.emit({}));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  offPanels();
  offNotes();
});

test('offline, the stock check waits in the sync queue; its answer marks the line in the microcart (spec §4 queued check)', async () => {
  const queued: SyncTaskRequested[] = [];
  const offQueue = syncTaskRequested.on((task) => queued.push(task));
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  await act(async () => {
    cartAddRequested.emit({ sku: 'KF-ZT-0002', qty: 1, product: { name: 'Głowica termostatyczna', priceInclTax: 79 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  // (The earlier tests' offline adds queued theirs too: a command waits for its first listener.)
  expect(queued.filter((task) => task.meta?.sku === 'KF-ZT-0002')).toEqual([
    expect.objectContaining({ task_id: 'stock-check-KF-ZT-0002', url: '/api/stock/check?sku=KF-ZT-0002', callback_event: 'cart:stock-checked', silent: true }),
  ]);
  await act(async () => {
    // The connection is back and the queue sent the check: sold out meanwhile.
    syncTaskSettled.emit({
      task_id: 'stock-check-KF-ZT-0002',
      callback_event: 'cart:stock-checked',
      code: 200,
      resultCode: 200,
      result: { sku: 'KF-ZT-0002', is_in_stock: false, qty: 0 },
      meta: { sku: 'KF-ZT-0002' },
      transmitted: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  await userEvent.click(await screen.findByRole('button', { name: /^Koszyk:/ }));
  const dialog = screen.getByRole('dialog', { name: 'Twój koszyk' });
  expect(await within(dialog).findByText('Brak w magazynie!')).toBeVisible();
  offQueue();
});
