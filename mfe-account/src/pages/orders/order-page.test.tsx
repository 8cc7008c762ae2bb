import type { OrderHistoryLine, OrderPaymentStart, RouteAnswer } from '@kaloryfer/api-contract';
import { cartAddRequested, microcartToggleRequested, type CartAddRequest } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { OrderPage } from './order-page';
import { fakeShopApi, historyOrder, showRoute, signIn } from './testing/orders-kit';
import { paymentPage } from './retry-payment';

const ORDER = '/api/user/order-history/000000042';

const radiatorLine: OrderHistoryLine = {
  sku: 'KAL-ORI-600',
  name: 'Grzejnik Orion 600',
  qty_ordered: 1,
  price_incl_tax: 899.5,
  row_total_incl_tax: 899.5,
  image: '/catalog/orion-600.jpg',
  slug: 'orion',
  parent_sku: 'KAL-ORI',
  product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: '600' }] } },
  options: [
    { label: 'Wysokość', value: '600 mm' },
    { label: 'Podłączenie', value: 'boczne' },
  ],
};
const withdrawnLine: OrderHistoryLine = {
  sku: 'KAL-OLD',
  name: 'Zawór wycofany',
  qty_ordered: 3,
  price_incl_tax: 20,
  row_total_incl_tax: 60,
  image: null,
  slug: null,
  parent_sku: null,
  product_option: null,
  options: [],
};

beforeEach(() => {
  signIn('access-1');
  showRoute('order', { orderId: '000000042' });
});
afterEach(() => jest.restoreAllMocks());

test("the order shows its facts, lines with pictures and product links, the server's totals and both addresses", async () => {
  const calls = fakeShopApi({
    [ORDER]: () => ({
      status: 200,
      result: historyOrder({
        items: [historyOrder().items[0], radiatorLine, withdrawnLine],
        coupon_code: 'ZIMA10',
        total_segments: [
          { code: 'subtotal', title: 'Subtotal', value: 2259.5 },
          { code: 'discount', title: 'Discount', value: -225.95 },
          { code: 'shipping', title: 'Shipping', value: 29 },
          { code: 'tax', title: 'Tax', value: 385.65 },
          { code: 'grand_total', title: 'Grand Total', value: 2062.55 },
        ],
        billing_address: {
          firstname: 'Jan',
          lastname: 'Nowak',
          company: 'Ciepło sp. z o.o.',
          vat_id: '5260250274',
          street: ['ul. Fakturowa 1'],
          city: 'Warszawa',
          postcode: '00-001',
          country_id: 'PL',
          address_type: 'billing',
        },
      }),
    }),
  });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);

  const facts = within(await screen.findByRole('region', { name: 'Informacje o zamówieniu' }));
  expect(facts.getByText('Data złożenia').nextSibling).toHaveTextContent('24.11.2026');
  expect(facts.getByText('Status').nextSibling).toHaveTextContent('W realizacji');
  expect(facts.getByText('Płatność').nextSibling).toHaveTextContent('Opłacone');
  expect(facts.getByText('Sposób płatności').nextSibling).toHaveTextContent('BLIK');
  expect(facts.getByText('Sposób dostawy').nextSibling).toHaveTextContent('Kurier');
  expect(calls[0].query.get('token')).toBe('access-1');

  const lines = within(screen.getByRole('region', { name: 'Zamówione produkty' })).getAllByRole('listitem');
  expect(lines).toHaveLength(3);
  const wenus = within(lines[0]);
  expect(wenus.getByRole('img', { name: 'Grzejnik Wenus' })).toHaveAttribute('src', '/img/150/150/resize/catalog/wenus.jpg');
  expect(wenus.getByRole('img')).toHaveAttribute('width', '75');
  expect(wenus.getByRole('link', { name: 'Grzejnik Wenus' })).toHaveAttribute('href', '/p/KAL-WEN/wenus');
  // (toHaveTextContent reads the no-break spaces of amounts as spaces.)
  expect(wenus.getByText('Ilość').nextSibling).toHaveTextContent('2');
  expect(wenus.getByText('Cena za sztukę').nextSibling).toHaveTextContent('650,00 zł');
  expect(wenus.getByText('Wartość').nextSibling).toHaveTextContent('1 300,00 zł');
  // A variant links to its parent's page with the variant chosen, its options in words.
  expect(within(lines[1]).getByRole('link', { name: 'Grzejnik Orion 600' })).toHaveAttribute('href', '/p/KAL-ORI/orion/KAL-ORI-600');
  expect(lines[1]).toHaveTextContent('Wysokość: 600 mm, Podłączenie: boczne');
  // A product the catalogue no longer shows: its name, no link, no picture.
  expect(within(lines[2]).queryByRole('link')).not.toBeInTheDocument();
  expect(within(lines[2]).queryByRole('img')).not.toBeInTheDocument();
  expect(lines[2]).toHaveTextContent('Zawór wycofany');

  const totals = within(screen.getByRole('region', { name: 'Podsumowanie' }));
  expect(totals.getAllByRole('term').map((term) => `${term.textContent} = ${term.nextSibling?.textContent}`)).toEqual([
    'Wartość produktów = 2\u00a0259,50\u00a0zł',
    'Rabat (ZIMA10) = -225,95\u00a0zł',
    'Dostawa = 29,00\u00a0zł',
    'W tym VAT 23% = 385,65\u00a0zł',
    'Razem = 2\u00a0062,55\u00a0zł',
  ]);

  expect(screen.getByRole('region', { name: 'Adres dostawy' })).toHaveTextContent('Anna Kowalskaul. Grzewcza 7/1230-001 Krakówtel. 601 234 567');
  expect(screen.getByRole('region', { name: 'Dane do rachunku' })).toHaveTextContent('Jan NowakCiepło sp. z o.o.ul. Fakturowa 100-001 WarszawaNIP 5260250274');
  expect(screen.getByRole('link', { name: 'Wróć do historii zamówień' })).toHaveAttribute('href', '/my-account/orders');
  expect(screen.queryByRole('button', { name: 'Ponów płatność' })).not.toBeInTheDocument();
});

test('an order that is not the customer\'s (the API answers 404): "no such order" and the way back, nothing else', async () => {
  showRoute('order', { orderId: '000000099' });
  fakeShopApi({ '/api/user/order-history/000000099': () => ({ status: 404, result: 'No such order' }) });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText('Na Twoim koncie nie ma zamówienia o numerze 000000099.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Wróć do historii zamówień' })).toHaveAttribute('href', '/my-account/orders');
  expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
});

test('another failure offers to load the order again', async () => {
  let failing = true;
  fakeShopApi({ [ORDER]: () => (failing ? { status: 500, result: 'Internal error' } : { status: 200, result: historyOrder() }) });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać zamówienia.');
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
  expect(await screen.findByRole('region', { name: 'Zamówione produkty' })).toBeInTheDocument();
});

test.each([
  ['paid', 'paid', false],
  ['awaiting confirmation', 'awaiting', false],
  ['paid on delivery', 'offline', true],
  ['failed but paid offline', 'failed', true],
] as const)('no "Ponów płatność" for a payment %s', async (_label, paymentState, offline) => {
  fakeShopApi({
    [ORDER]: () => ({ status: 200, result: historyOrder({ payment_state: paymentState, payment: { method: 'x', additional_information: ['X'], offline } }) }),
  });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  await screen.findByRole('region', { name: 'Zamówione produkty' });
  expect(screen.queryByRole('button', { name: 'Ponów płatność' })).not.toBeInTheDocument();
});

test('a failed payment: "Ponów płatność" starts a new attempt and sends the browser to the gateway', async () => {
  const open = jest.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  const calls = fakeShopApi({
    [ORDER]: () => ({ status: 200, result: historyOrder({ payment_state: 'failed', status: 'pending_payment' }) }),
    '/api/order/payment': () => ({
      status: 200,
      result: { paymentRedirect: 'https://gateway.test/pay/abc' } satisfies RouteAnswer<typeof OrderPaymentStart>['result'],
    }),
  });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText(/Płatność za to zamówienie nie powiodła się/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Ponów płatność' }));
  const payment = calls.find((call) => call.path === '/api/order/payment');
  expect(payment).toMatchObject({ method: 'POST', body: { order_increment_id: '000000042', order_id: 'client-order-42' } });
  expect(open).toHaveBeenCalledWith('https://gateway.test/pay/abc');
});

test('a retry the API refuses says so', async () => {
  jest.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  fakeShopApi({
    [ORDER]: () => ({ status: 200, result: historyOrder({ payment_state: 'failed' }) }),
    '/api/order/payment': () => ({ status: 400, result: 'This order is paid' }),
  });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(await screen.findByRole('button', { name: 'Ponów płatność' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Coś poszło nie tak');
  expect(paymentPage.open).not.toHaveBeenCalled();
});

test('"Zamów ponownie" asks the cart for each line — same sku, quantity and options — then opens the microcart', async () => {
  const added: CartAddRequest[] = [];
  const toggles: { open: boolean }[] = [];
  const offs = [cartAddRequested.on((request) => added.push(request)), microcartToggleRequested.on((toggle) => toggles.push(toggle))];
  fakeShopApi({ [ORDER]: () => ({ status: 200, result: historyOrder({ items: [historyOrder().items[0], radiatorLine] }) }) });
  await renderRemote(<OrderPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(await screen.findByRole('button', { name: 'Zamów ponownie' }));
  offs.forEach((off) => off());

  expect(added).toEqual([
    { sku: 'KAL-WEN', qty: 2, product: { name: 'Grzejnik Wenus', priceInclTax: 650, image: '/catalog/wenus.jpg' } },
    {
      sku: 'KAL-ORI-600',
      parentSku: 'KAL-ORI',
      qty: 1,
      productOption: { configurable_item_options: [{ option_id: '93', option_value: '600' }] },
      product: { name: 'Grzejnik Orion 600', priceInclTax: 899.5, image: '/catalog/orion-600.jpg' },
    },
  ]);
  expect(toggles).toEqual([{ open: true }]);
});
