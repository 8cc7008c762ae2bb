import {
  cartClearRequested,
  claimWriter,
  microcartToggleRequested,
  navigationRequested,
  syncTaskRequested,
  type CartState,
  type SyncTaskRequested,
} from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BANK_TRANSFER,
  blockPage,
  CASH_ON_DELIVERY,
  CHECKOUT_TERMS,
  COMPANY,
  COURIER,
  LOCKER_UNAVAILABLE,
  placedOrder,
  TOTALS,
} from '../checkout/testing/api-answers';
import { CHECKOUT_STORAGE_KEY } from '../domain/details';
import { LAST_ORDER_AT_KEY, PLACED_ORDERS_KEY } from '../domain/placed-orders';
import { filledDetails } from '../domain/testing/fixtures';
import type { OrderRequest } from '../domain/order';
import { CHECKOUT_NAMESPACE } from '../i18n/namespace';
import { CheckoutPage } from './checkout-page';

/**
 * The checkout page over the real domain code; the shop API is answered at the fetch boundary
 * (the e2e suite runs it against the real API).
 */
const cart = claimWriter('cart', 'mfe-cart');
const loadedCart: CartState = {
  items: [{ sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, priceInclTax: 239, rowTotalInclTax: 239, typeId: 'simple', options: [] }],
  itemsCount: 1,
  grandTotal: 239,
  isLoaded: true,
  cartId: 'c'.repeat(24),
  totals: null,
  syncing: false,
};
let calls: string[];
/** CMS requests over the whole file (not reset: the answer is kept for the page load). */
const cmsCalls: string[] = [];
let orderRequests: OrderRequest[];
/** The order's answer: placed (under the order id sent), or refused with this message. */
let orderAnswer: { status: 200 } | { status: number; result: string };
beforeEach(() => {
  localStorage.clear();
  calls = [];
  orderRequests = [];
  orderAnswer = { status: 200 };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (url.startsWith('/api/cms/')) cmsCalls.push(url);
    if (url === '/api/order') {
      const request: OrderRequest = JSON.parse(String(init?.body));
      orderRequests.push(request);
      const result = 'result' in orderAnswer ? orderAnswer.result : placedOrder(request.order.order_id);
      return {
        ok: orderAnswer.status === 200,
        status: orderAnswer.status,
        statusText: '',
        json: async () => ({ code: orderAnswer.status, result }),
      } as Response;
    }
    const result = url.includes('shipping-methods')
      ? [COURIER, LOCKER_UNAVAILABLE]
      : url.includes('payment-methods')
        ? [BANK_TRANSFER, CASH_ON_DELIVERY]
        : url.includes('/api/company')
          ? COMPANY
          : url.startsWith('/api/cms/blocks')
            ? blockPage([CHECKOUT_TERMS])
            : url.includes('collect-totals')
              ? TOTALS
              : null;
    return { ok: true, status: 200, statusText: 'OK', json: async () => ({ code: 200, result }) } as Response;
  }) as typeof fetch;
});

function navigations() {
  const seen: { to: string; replace?: boolean }[] = [];
  const off = navigationRequested.on((request) => seen.push(request));
  return { seen, off };
}

test('entering with an empty cart shows the spec message and a way back — but only once the cart has loaded', async () => {
  cart.set({ ...loadedCart, items: [], itemsCount: 0, isLoaded: false });
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  expect(screen.getByRole('status')).toHaveTextContent('Wczytujemy koszyk');
  expect(screen.queryByRole('alert')).toBeNull();
  act(() => cart.set({ ...loadedCart, items: [], itemsCount: 0 }));
  expect(screen.getByRole('alert')).toHaveTextContent('Koszyk jest pusty, dodaj produkty przed przejściem do kasy');
  expect(screen.getByRole('link', { name: 'Wróć do zakupów' })).toHaveAttribute('href', '/');
});

test('a line that sold out stops checkout before the form: the spec message names it and the cart opens to remove it', async () => {
  const soldOut = {
    sku: 'GRZ-9',
    name: 'Grzejnik Lido 500×1200',
    qty: 1,
    priceInclTax: 0,
    rowTotalInclTax: 0,
    typeId: 'simple',
    options: [],
    error: 'Out of the stock!',
  };
  cart.set({ ...loadedCart, items: [...loadedCart.items, soldOut], itemsCount: 2 });
  const toggles: unknown[] = [];
  const off = microcartToggleRequested.on((request) => toggles.push(request));
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Niektóre z zamówionych produktów są niedostępne');
  expect(alert).toHaveTextContent('Grzejnik Lido 500×1200');
  expect(screen.queryByRole('button', { name: 'Dalej' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Otwórz koszyk' }));
  off();
  expect(toggles).toEqual([{ open: true }]);
  act(() => cart.set(loadedCart));
  expect(screen.queryByRole('alert')).toBeNull();
});

test('step 1: "Dalej" with nothing filled in names every problem in Polish and focuses the first field', async () => {
  cart.set(loadedCart);
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  expect(screen.getByRole('heading', { name: 'Krok 1 z 4: Dane osobowe' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  const firstName = screen.getByLabelText('Imię');
  await waitFor(() => expect(firstName).toHaveFocus());
  expect(firstName).toHaveAccessibleDescription('To pole jest wymagane');
  expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
});

test('step 1 → step 2: a valid person goes on to #shipping; wrong phone and e-mail are explained first', async () => {
  cart.set(loadedCart);
  const nav = navigations();
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  await userEvent.type(screen.getByLabelText('Imię'), 'Anna');
  await userEvent.type(screen.getByLabelText('Nazwisko'), 'Kowalska');
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@');
  await userEvent.type(screen.getByLabelText('Telefon'), '60123');
  await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(expect.stringContaining('Podaj prawidłowy adres e-mail'));
  expect(screen.getByLabelText('Telefon')).toHaveAccessibleDescription(expect.stringContaining('Podany numer telefonu jest nieprawidłowy'));
  expect(nav.seen).toEqual([]);
  await userEvent.type(screen.getByLabelText('E-mail'), 'example.pl');
  await userEvent.type(screen.getByLabelText('Telefon'), '4567');
  await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  expect(nav.seen).toEqual([{ to: '/checkout#shipping', replace: undefined }]);
  nav.off();
  // Saved locally with modifiedAt (spec §3); no password ever.
  const saved = JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!);
  expect(saved.personal).toMatchObject({ firstName: 'Anna', emailAddress: 'anna@example.pl', phoneNumber: '601234567' });
  expect(Date.now() - saved.modifiedAt).toBeLessThan(60_000);
});

test('a bookmarked #orderReview with nothing filled in goes back to step 1 (replacing the history entry)', async () => {
  cart.set(loadedCart);
  const nav = navigations();
  await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
  expect(nav.seen).toEqual([{ to: '/checkout', replace: true }]);
  nav.off();
  // Meanwhile the server's methods arrived and the defaults were chosen (spec §4).
  await waitFor(() => expect(JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '{}').shipping?.shippingMethod).toBe('courier_courier'));
});

test('a company: a valid NIP offers the GUS data, and using it fills the invoice data and billing address', async () => {
  cart.set(loadedCart);
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  await userEvent.click(screen.getByRole('radio', { name: 'Firma (faktura VAT)' }));
  await userEvent.type(screen.getByLabelText('NIP'), '951-234-56-76');
  await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  expect(screen.getByLabelText('NIP')).toHaveAccessibleDescription(expect.stringContaining('Ten numer NIP jest nieprawidłowy'));
  expect(calls.some((url) => url.includes('/api/company'))).toBe(false); // an invalid NIP is not looked up
  await userEvent.clear(screen.getByLabelText('NIP'));
  await userEvent.type(screen.getByLabelText('NIP'), '951-234-56-75');
  const offer = await screen.findByText('Instalbud Sp. z o.o.');
  await userEvent.click(within(offer.closest('.checkout-lookup') as HTMLElement).getByRole('button', { name: 'Uzupełnij dane firmy' }));
  expect(screen.getByLabelText('Nazwa firmy')).toHaveValue('Instalbud Sp. z o.o.');
  expect(screen.getByLabelText(/REGON/)).toHaveValue('147182932');
  const saved = JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!);
  expect(saved.payment).toMatchObject({
    sameAsShipping: false,
    streetAddress: 'ul. Grzewcza',
    apartmentNumber: '12',
    flatNumber: '4',
    zipCode: '02-797',
    city: 'Warszawa',
  });
});

test('step 2: unavailable methods are dropped and the default is chosen', async () => {
  cart.set(loadedCart);
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      ...filledDetails((d) => {
        d.shipping.shippingMethod = null;
        d.payment.paymentMethod = null;
        d.termsAccepted = false;
      }),
      modifiedAt: Date.now(),
    }),
  );
  await renderRemote(<CheckoutPage hash="#shipping" />, CHECKOUT_NAMESPACE);
  const methods = await screen.findByRole('group', { name: 'Sposób dostawy' });
  await waitFor(() => expect(within(methods).getByRole('radio', { name: /Kurier/ })).toBeChecked());
  expect(within(methods).queryByRole('radio', { name: /Paczkomat/ })).toBeNull();
});

test('the review step: lines, the server total, and "Zamawiam i płacę" refused without the terms', async () => {
  cart.set(loadedCart);
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      ...filledDetails((d) => {
        d.payment.paymentMethod = 'banktransfer';
        d.termsAccepted = false;
      }),
      modifiedAt: Date.now(),
    }),
  );
  await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
  expect(screen.getByRole('cell', { name: /Zawór termostatyczny/ })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Do zapłaty').nextSibling).toHaveTextContent('268,00'));
  await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
  const terms = screen.getByRole('checkbox', { name: /regulamin sklepu/ });
  await waitFor(() => expect(terms).toHaveFocus());
  expect(terms).toHaveAccessibleDescription('Musisz zaakceptować regulamin');
  expect(calls.some((url) => url.includes('/api/order'))).toBe(false);
});

test("the review step: the CMS's terms text beside the checkbox, as text, the checkbox keeping its name", async () => {
  cart.set(loadedCart);
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      ...filledDetails((d) => {
        d.payment.paymentMethod = 'banktransfer';
        d.termsAccepted = false;
      }),
      modifiedAt: Date.now(),
    }),
  );
  await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
  const note = await screen.findByText(CHECKOUT_TERMS.content);
  const terms = screen.getByRole('checkbox', { name: /regulamin sklepu/ });
  expect(terms).toHaveAccessibleName('Akceptuję regulamin sklepu i zapoznałem(-am) się z prawem odstąpienia od umowy w ciągu 14 dni.');
  expect(note.closest('.checkout-terms')).toBe(terms.closest('.checkout-terms'));
  expect(note.closest('label')).toBeNull();
  // One request with the checkout's like filter, kept for the page load: every checkout mounted in this file shared it.
  expect(cmsCalls).toEqual(['/api/cms/blocks?like=checkout-']);
});

const readyForReview = () =>
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      ...filledDetails((d) => {
        d.payment.paymentMethod = 'banktransfer';
      }),
      modifiedAt: Date.now(),
    }),
  );

test('placing an order (spec §4): the cart is cleared without sync, the order and its time remembered, on to the thank-you page', async () => {
  cart.set(loadedCart);
  readyForReview();
  const nav = navigations();
  const clears: { sync: boolean }[] = [];
  const off = cartClearRequested.on((request) => clears.push(request));
  await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
  await waitFor(() => expect(nav.seen).toEqual([{ to: '/thank-you-page?order_increment_id=000000042', replace: undefined }]));
  nav.off();
  off();
  expect(clears).toEqual([{ sync: false }]);
  const sent = orderRequests[0].order;
  expect(sent.order_id).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.parse(localStorage.getItem(PLACED_ORDERS_KEY)!)).toEqual([expect.objectContaining({ orderNumber: '000000042', clientOrderId: sent.order_id })]);
  expect(Number(localStorage.getItem(LAST_ORDER_AT_KEY))).toBeGreaterThan(Date.now() - 60_000);
  const saved = JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!);
  expect(saved).toMatchObject({ clientOrderId: null, termsAccepted: false, personal: { firstName: 'Anna', createAccount: false } });
});

test('a refused order says why and keeps everything: the details, the cart, and the order id for the next attempt', async () => {
  cart.set(loadedCart);
  readyForReview();
  orderAnswer = { status: 409, result: 'Some of the ordered products are not available' };
  const clears: unknown[] = [];
  const off = cartClearRequested.on((request) => clears.push(request));
  await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Niektóre z zamówionych produktów są niedostępne');
  await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
  await waitFor(() => expect(orderRequests).toHaveLength(2));
  off();
  expect(orderRequests[1].order.order_id).toBe(orderRequests[0].order.order_id); // a retry can never make a second order
  expect(clears).toEqual([]);
  expect(JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!)).toMatchObject({ clientOrderId: orderRequests[0].order.order_id, termsAccepted: true });
});

describe('offline (spec §4 "Connectivity")', () => {
  const connectivity = claimWriter('connectivity', 'shell');
  afterEach(() => connectivity.set({ online: true }));
  const synced: CartState = { ...loadedCart, items: loadedCart.items.map((line) => ({ ...line, itemId: 5 })) };

  test('an order placed offline with a bank transfer waits in the sync queue under its client order id: cart cleared, on to the "waiting" thank-you page', async () => {
    cart.set(synced);
    readyForReview();
    const nav = navigations();
    const queued: SyncTaskRequested[] = [];
    const clears: unknown[] = [];
    const offs = [syncTaskRequested.on((task) => queued.push(task)), cartClearRequested.on((request) => clears.push(request))];
    await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
    await waitFor(() => expect(screen.getByText('Do zapłaty').nextSibling).toHaveTextContent('268,00'));
    act(() => connectivity.set({ online: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    await waitFor(() => expect(queued).toHaveLength(1));
    offs.forEach((off) => off());
    nav.off();
    expect(orderRequests).toEqual([]); // nothing sent while offline
    const body = JSON.parse(queued[0].payload.body!);
    const id = body.order.order_id as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(queued[0]).toMatchObject({ task_id: `order-${id}`, url: '/api/order?token={{token}}', awaits_confirmation: true, is_result_cacheable: true });
    expect(body.order).toMatchObject({ cart_id: 'c'.repeat(24), addressInformation: { payment_method_code: 'banktransfer' } });
    expect(nav.seen).toEqual([{ to: `/thank-you-page?offline_order=${id}`, replace: undefined }]);
    expect(clears).toEqual([{ sync: false }]);
    expect(JSON.parse(localStorage.getItem('kaloryfer.offlineOrders')!)).toEqual([
      expect.objectContaining({
        clientOrderId: id,
        email: 'anna@example.pl',
        grandTotal: 268,
        items: [{ sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, rowTotalInclTax: 239, priceInclTax: 239, typeId: 'simple' }],
      }),
    ]);
    // The next order gets a new id: this one is in the queue.
    expect(JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!)).toMatchObject({ clientOrderId: null, personal: { firstName: 'Anna' } });
  });

  test('offline, an order that cannot wait (a line the server has not seen yet) is refused with "You are offline" and nothing is queued', async () => {
    cart.set(loadedCart); // no itemId: the line never reached the server cart
    readyForReview();
    const queued: unknown[] = [];
    const off = syncTaskRequested.on((task) => queued.push(task));
    await renderRemote(<CheckoutPage hash="#orderReview" />, CHECKOUT_NAMESPACE);
    await waitFor(() => expect(screen.getByText('Do zapłaty').nextSibling).toHaveTextContent('268,00'));
    act(() => connectivity.set({ online: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Zamawiam i płacę' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Jesteś offline');
    off();
    expect(queued).toEqual([]);
    expect(orderRequests).toEqual([]);
  });
});
