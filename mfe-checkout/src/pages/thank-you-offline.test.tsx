import {
  cartAddRequested,
  claimWriter,
  navigationRequested,
  syncTaskLookedUp,
  syncTaskLookupRequested,
  syncTaskSettled,
  type SyncTaskSettled,
} from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { placedOrder } from '../checkout/testing/api-answers';
import { offlineOrderOf, rememberOfflineOrder } from '../domain/offline-orders';
import { clientOrderIdOf } from '../domain/placed-orders';
import { CHECKOUT_NAMESPACE } from '../i18n/namespace';
import { ThankYouPage } from './thank-you-page';

/** The thank-you page of an order placed offline, with the shell's queue answered on the bus. */
const connectivity = claimWriter('connectivity', 'shell');
const ID = 'ab'.repeat(16);
const TASK = `order-${ID}`;
const settled = (code: number, result: unknown): SyncTaskSettled => ({
  task_id: TASK,
  callback_event: 'order:placed-offline',
  code,
  resultCode: code,
  result,
  meta: { offlineOrder: ID },
  transmitted: true,
});
let lookups: string[];
let offs: (() => void)[];
beforeEach(() => {
  localStorage.clear();
  connectivity.set({ online: false });
  rememberOfflineOrder({
    clientOrderId: ID,
    placedAt: 1,
    email: 'anna@example.pl',
    paymentTitle: 'Przelew tradycyjny',
    grandTotal: 268,
    items: [{ sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, rowTotalInclTax: 239 }],
  });
  lookups = [];
  offs = [syncTaskLookupRequested.on(({ task_id }) => lookups.push(task_id))];
});
afterEach(() => {
  offs.forEach((off) => off());
  connectivity.set({ online: true });
});

const open = () => renderRemote(<ThankYouPage search={`?offline_order=${ID}`} />, CHECKOUT_NAMESPACE);

test('waiting offline: it asks the queue, says the order waits, and shows what was ordered as last seen', async () => {
  await open();
  expect(lookups).toEqual([TASK]);
  act(() => syncTaskLookedUp.emit({ task_id: TASK, state: 'pending' }));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zamówienie czeka na wysłanie');
  expect(screen.getByRole('status')).toHaveTextContent('Jesteś offline. Zamówienie zapisaliśmy na tym urządzeniu');
  expect(screen.getByText(/1 × Zawór termostatyczny/)).toHaveTextContent('239,00');
  expect(screen.getByText('Przelew tradycyjny')).toBeInTheDocument();
  expect(screen.getByText(/anna@example\.pl/)).toBeInTheDocument();
});

test("sent and placed: the order becomes this browser's placed order and the page its usual thank-you page", async () => {
  const seen: { to: string; replace?: boolean }[] = [];
  offs.push(navigationRequested.on((request) => seen.push(request)));
  await open();
  act(() => syncTaskLookedUp.emit({ task_id: TASK, state: 'pending' }));
  act(() => syncTaskSettled.emit({ ...settled(200, placedOrder(ID)), task_id: 'order-someone-else' }));
  expect(seen).toEqual([]);
  act(() => syncTaskSettled.emit(settled(200, placedOrder(ID))));
  expect(seen).toEqual([{ to: '/thank-you-page?order_increment_id=000000042', replace: true }]);
  expect(clientOrderIdOf('000000042')).toBe(ID);
  expect(offlineOrderOf(ID)).toBeNull();
});

test("placed while the page was closed: the queue's kept result is read on opening", async () => {
  const seen: { to: string }[] = [];
  offs.push(navigationRequested.on((request) => seen.push(request)));
  await open();
  act(() => syncTaskLookedUp.emit({ task_id: TASK, state: 'settled', settled: settled(200, { ...placedOrder(ID), orderNumber: '000000043' }) }));
  expect(seen).toEqual([expect.objectContaining({ to: '/thank-you-page?order_increment_id=000000043' })]);
});

test('refused because products sold out meanwhile: the spec message, the lines back in the cart (once), the details kept, a way to change the order', async () => {
  const added: unknown[] = [];
  offs.push(cartAddRequested.on((line) => added.push(line)));
  await open();
  act(() => syncTaskSettled.emit(settled(409, 'Some of the ordered products are not available')));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Niektóre z zamówionych produktów są niedostępne'));
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zamówienie nie zostało przyjęte');
  expect(screen.getByRole('alert')).toHaveTextContent('Sklep nie przyjął zamówienia');
  expect(screen.getByRole('alert')).toHaveTextContent('Twoje dane w formularzu zamówienia zostały zachowane');
  expect(screen.getByRole('alert')).toHaveTextContent('Produkty z zamówienia wróciły do koszyka');
  expect(screen.getByRole('link', { name: 'Zmień zamówienie' })).toHaveAttribute('href', '/checkout');
  expect(added).toEqual([{ sku: 'ZAW-1', qty: 1, product: { name: 'Zawór termostatyczny', priceInclTax: 239 } }]);
  // Settled again (another tab, a reload): the lines are not added twice.
  act(() => syncTaskSettled.emit(settled(409, 'Some of the ordered products are not available')));
  expect(added).toHaveLength(1);
});

test('back online while open: it says the order is being sent; an order this browser does not hold is said so', async () => {
  await open();
  act(() => connectivity.set({ online: true }));
  act(() => syncTaskLookedUp.emit({ task_id: TASK, state: 'pending' }));
  expect(screen.getByRole('status')).toHaveTextContent('wysyłamy zamówienie do sklepu');
  act(() => syncTaskLookedUp.emit({ task_id: TASK, state: 'unknown' }));
  expect(screen.getByRole('status')).toHaveTextContent('Nie znajdujemy tego zamówienia na tym urządzeniu');
  // Its title says so too, not that an order waits.
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nie znajdujemy zamówienia');
});
