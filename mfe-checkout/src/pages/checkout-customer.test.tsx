import type { CreatedCustomer } from '@kaloryfer/api-contract';
import { claimWriter, navigationRequested, NO_SESSION, sessionChanged, type CartState, type CustomerAddress, type SessionUser } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { BANK_TRANSFER, blockPage, COURIER, CREATED_CUSTOMER, placedOrder, TOTALS } from '../checkout/testing/api-answers';
import { CHECKOUT_STORAGE_KEY } from '../domain/details';
import { filledDetails } from '../domain/testing/fixtures';
import type { OrderRequest } from '../domain/order';
import { PLACED_ORDERS_KEY } from '../domain/placed-orders';
import { CHECKOUT_NAMESPACE } from '../i18n/namespace';
import { CheckoutPage } from './checkout-page';

/**
 * Checkout for a signed-in customer and around signing in and out, over the real domain code;
 * the shop API answered at the fetch boundary. `$session` is set as mfe-account sets it.
 */
const cart = claimWriter('cart', 'mfe-cart');
const session = claimWriter('session', 'mfe-account');
const loadedCart: CartState = {
  items: [{ sku: 'ZAW-1', name: 'Zawór termostatyczny', qty: 1, priceInclTax: 239, rowTotalInclTax: 239, typeId: 'simple', options: [] }],
  itemsCount: 1,
  grandTotal: 239,
  isLoaded: true,
  cartId: 'c'.repeat(24),
  totals: null,
  syncing: false,
};
const home: CustomerAddress = {
  id: 3,
  firstname: 'Anna',
  lastname: 'Kowalska',
  street: ['ul. Kwiatowa', '12/4'],
  city: 'Kraków',
  postcode: '30-001',
  countryId: 'PL',
  telephone: '+48601234567',
  defaultShipping: true,
  defaultBilling: false,
};
const parents: CustomerAddress = {
  id: 4,
  firstname: 'Maria',
  lastname: 'Kowalska',
  street: ['ul. Długa', '5'],
  city: 'Tarnów',
  postcode: '33-100',
  countryId: 'PL',
  defaultShipping: false,
  defaultBilling: false,
};
const anna: SessionUser = {
  id: 7,
  firstname: 'Anna',
  lastname: 'Kowalska',
  email: 'anna@example.pl',
  groupId: 1,
  addresses: [home, parents],
  isSubscribed: false,
};

/** mfe-account signing Anna in (the atom first, then the fact), and out. */
const signIn = (reason: 'started' | 'login' = 'login', user: SessionUser = anna) =>
  act(() => {
    session.set({ ...NO_SESSION, authorised: true, token: 'anna-token', user });
    sessionChanged.emit({ authorised: true, token: 'anna-token', reason });
  });
const signOut = () =>
  act(() => {
    session.set(NO_SESSION);
    sessionChanged.emit({ authorised: false, reason: 'logout' });
  });

let requests: { url: string; body: unknown }[];
let createAnswer: { status: number; result: CreatedCustomer | string };
beforeEach(() => {
  localStorage.clear();
  session.set(NO_SESSION);
  cart.set(loadedCart);
  requests = [];
  createAnswer = { status: 200, result: CREATED_CUSTOMER };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = (status: number, result: unknown) =>
      ({ ok: status === 200, status, statusText: '', json: async () => ({ code: status, result }) }) as Response;
    if (url.startsWith('/api/user/create')) return answer(createAnswer.status, createAnswer.result);
    if (url.startsWith('/api/order')) return answer(200, placedOrder((requests.at(-1)?.body as OrderRequest).order.order_id));
    const result = url.includes('shipping-methods')
      ? [COURIER]
      : url.includes('payment-methods')
        ? [BANK_TRANSFER]
        : url.includes('collect-totals')
          ? TOTALS
          : url.startsWith('/api/cms/blocks')
            ? blockPage([])
            : null;
    return answer(200, result);
  }) as typeof fetch;
});

/** The page as the shell shows it: a navigation to another step changes the hash. */
function RoutedCheckout({ start = '' }: { start?: string }) {
  const [hash, setHash] = useState(start);
  useEffect(() => navigationRequested.on(({ to }) => setHash(new URL(to, 'https://kaloryfer.test').hash)), []);
  return <CheckoutPage hash={hash} />;
}
const saved = () => JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY) ?? 'null');
const store = (details: object) => localStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ ...details, modifiedAt: Date.now() }));

test('a signed-in customer finds their name and e-mail filled in (still editable) and no "create an account"', async () => {
  signIn('started');
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  expect(await screen.findByLabelText('Imię')).toHaveValue('Anna');
  expect(screen.getByLabelText('Nazwisko')).toHaveValue('Kowalska');
  const email = screen.getByLabelText('E-mail');
  expect(email).toHaveValue('anna@example.pl');
  await userEvent.clear(email);
  await userEvent.type(email, 'anna.k@example.pl');
  expect(email).toHaveValue('anna.k@example.pl');
  expect(screen.queryByRole('checkbox', { name: /Załóż konto/ })).toBeNull();
  expect(screen.queryByLabelText('Hasło do konta')).toBeNull();
  expect(saved()).toMatchObject({ customer: { id: 7 }, personal: { emailAddress: 'anna.k@example.pl' } });
  // Their cart is theirs: the calls carry the token.
  await waitFor(() => expect(requests.find((request) => request.url.includes('shipping-methods'))?.url).toContain('token=anna-token'));
});

test('signing in while on checkout fills what is empty and never what the shopper typed', async () => {
  const logins: unknown[] = [];
  const off = (await import('@kaloryfer/contracts')).loginRequested.on((request) => logins.push(request));
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  await userEvent.type(await screen.findByLabelText('Imię'), 'Ania');
  await userEvent.type(screen.getByLabelText('E-mail'), 'ania@firma.pl');
  expect(screen.getByRole('checkbox', { name: /Załóż konto/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  off();
  expect(logins).toEqual([{ mode: 'login', reason: 'checkout' }]);
  signIn('login');
  expect(screen.getByLabelText('Imię')).toHaveValue('Ania');
  expect(screen.getByLabelText('E-mail')).toHaveValue('ania@firma.pl');
  expect(screen.getByLabelText('Nazwisko')).toHaveValue('Kowalska');
  expect(screen.getByLabelText('Telefon')).toHaveValue('601 234 567');
  expect(screen.queryByRole('checkbox', { name: /Załóż konto/ })).toBeNull();
});

test('the saved addresses: the default one chosen and filled in; another fills the fields, an edit makes it a new address', async () => {
  signIn('started');
  await renderRemote(<RoutedCheckout start="#shipping" />, CHECKOUT_NAMESPACE);
  const book = await screen.findByRole('group', { name: 'Adres dostawy z Twoich zapisanych adresów' });
  const annaHome = within(book).getByRole('radio', { name: 'Anna Kowalska, ul. Kwiatowa 12/4, 30-001 Kraków (domyślny)' });
  await waitFor(() => expect(annaHome).toBeChecked());
  expect(screen.getByLabelText('Ulica')).toHaveValue('ul. Kwiatowa');
  expect(screen.getByLabelText('Numer domu')).toHaveValue('12');
  expect(screen.getByLabelText(/Numer lokalu/)).toHaveValue('4');

  // By keyboard, as a radio group goes: arrow to the next address.
  annaHome.focus();
  await userEvent.keyboard('{ArrowDown}');
  expect(within(book).getByRole('radio', { name: /Maria Kowalska/ })).toBeChecked();
  expect(screen.getAllByLabelText('Imię')[0]).toHaveValue('Maria');
  expect(screen.getByLabelText('Ulica')).toHaveValue('ul. Długa');
  expect(screen.getByLabelText('Kod pocztowy')).toHaveValue('33-100');
  expect(screen.getByLabelText('Miejscowość')).toHaveValue('Tarnów');
  expect(screen.getByLabelText(/Numer lokalu/)).toHaveValue('');

  await userEvent.type(screen.getByLabelText('Numer domu'), 'a');
  expect(screen.getByLabelText('Numer domu')).toHaveValue('5a');
  expect(within(book).getByRole('radio', { name: 'Nowy adres' })).toBeChecked();
  await userEvent.click(within(book).getByRole('radio', { name: /Anna Kowalska/ }));
  await userEvent.click(within(book).getByRole('radio', { name: 'Nowy adres' }));
  expect(screen.getByLabelText('Ulica')).toHaveValue('');
  expect(saved().shipping).toMatchObject({ streetAddress: '', city: '', firstName: 'Anna' });
});

test('a separate billing address offers the saved addresses too', async () => {
  signIn('started');
  await renderRemote(<RoutedCheckout start="#shipping" />, CHECKOUT_NAMESPACE);
  await waitFor(() => expect(screen.getByRole('radio', { name: /Kurier/ })).toBeChecked());
  await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: /takie same jak adres dostawy/ }));
  const book = screen.getByRole('group', { name: 'Adres do faktury z Twoich zapisanych adresów' });
  await userEvent.click(within(book).getByRole('radio', { name: /Maria Kowalska/ }));
  expect(saved().payment).toMatchObject({ firstName: 'Maria', streetAddress: 'ul. Długa', apartmentNumber: '5', zipCode: '33-100', city: 'Tarnów' });
});

test('logout while on checkout clears the form and the saved details (spec §4)', async () => {
  signIn('started');
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  await waitFor(() => expect(screen.getByLabelText('Imię')).toHaveValue('Anna'));
  expect(saved()).not.toBeNull();
  signOut();
  expect(screen.getByLabelText('Imię')).toHaveValue('');
  expect(screen.getByLabelText('E-mail')).toHaveValue('');
  expect(screen.getByRole('checkbox', { name: /Załóż konto/ })).toBeInTheDocument();
  // Nothing of hers stays in this browser (a fresh checkout may save its default methods again).
  // (Her phone by its digits in any spacing: a bare '601' would also match the time the details were saved.)
  expect(JSON.stringify(saved() ?? {})).not.toMatch(/Anna|Kowalska|anna@|Kwiatowa|601 ?234 ?567/);
  expect(saved()?.customer ?? null).toBeNull();
});

test("a customer's details found with nobody signed in are not shown and leave the browser", async () => {
  store({ ...filledDetails(), customer: { id: 7 } });
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  expect(await screen.findByLabelText('Imię')).toHaveValue('');
  expect(screen.getByLabelText('Telefon')).toHaveValue('');
  expect(localStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  // mfe-account then starts with nobody signed in: they are gone for good, even if Anna signs in later.
  act(() => sessionChanged.emit({ authorised: false, reason: 'started' }));
  signIn('login', { ...anna, addresses: [] });
  expect(screen.getByLabelText('Telefon')).toHaveValue('');
});

test("…but when mfe-account starts later with that customer's session, their details come back", async () => {
  store({
    ...filledDetails((d) => {
      d.personal.phoneNumber = '501 002 003';
    }),
    customer: { id: 7 },
  });
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  expect(await screen.findByLabelText('Telefon')).toHaveValue('');
  signIn('started');
  expect(screen.getByLabelText('Telefon')).toHaveValue('501 002 003');
  expect(saved()).toMatchObject({ customer: { id: 7 }, personal: { phoneNumber: '501 002 003' } });
});

test("another customer's details are not shown to the one signed in", async () => {
  store({
    ...filledDetails((d) => {
      d.personal.phoneNumber = '501 002 003';
    }),
    customer: { id: 8 },
  });
  signIn('started');
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  expect(await screen.findByLabelText('Telefon')).toHaveValue('601 234 567'); // Anna's own, from her profile
  expect(saved()).toMatchObject({ customer: { id: 7 } });
});

/** A guest asking for an account goes through the steps with a password and places the order. */
async function placeAsGuestWithAccount() {
  store({
    ...filledDetails((d) => {
      d.personal.createAccount = true;
      d.payment.paymentMethod = 'banktransfer';
    }),
  });
  const navigations: string[] = [];
  const off = navigationRequested.on(({ to }) => navigations.push(to));
  await renderRemote(<RoutedCheckout />, CHECKOUT_NAMESPACE);
  await userEvent.type(await screen.findByLabelText('Hasło do konta'), 'tajne-haslo-1');
  for (let step = 0; step < 3; step += 1) await userEvent.click(screen.getByRole('button', { name: 'Dalej' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Zamawiam i płacę' }));
  await waitFor(() => expect(navigations).toContain('/thank-you-page?order_increment_id=000000042'));
  off();
}

test('"create an account" at placing: the guest order, then the account with their details and password', async () => {
  await placeAsGuestWithAccount();
  const order = requests.find((request) => request.url.startsWith('/api/order'))!;
  expect(order.url).toBe('/api/order'); // the order stays a guest's
  const create = requests.filter((request) => request.url === '/api/user/create');
  expect(create).toEqual([
    { url: '/api/user/create', body: { customer: { email: 'anna@example.pl', firstname: 'Anna', lastname: 'Kowalska' }, password: 'tajne-haslo-1' } },
  ]);
  expect(requests.indexOf(create[0])).toBeGreaterThan(requests.indexOf(order));
  expect(JSON.parse(localStorage.getItem(PLACED_ORDERS_KEY)!)[0]).toMatchObject({ orderNumber: '000000042', account: 'created' });
  expect(saved().personal.createAccount).toBe(false);
  expect(JSON.stringify(saved())).not.toContain('tajne-haslo-1');
});

test('an e-mail with an account already: the order stands and the thank-you page will say so', async () => {
  createAnswer = { status: 400, result: 'A customer with the same email address already exists' };
  await placeAsGuestWithAccount();
  expect(JSON.parse(localStorage.getItem(PLACED_ORDERS_KEY)!)[0]).toMatchObject({ orderNumber: '000000042', account: 'exists' });
});

test("a signed-in customer's order goes with their token and asks for no account", async () => {
  store({
    ...filledDetails((d) => {
      d.personal.createAccount = true;
      d.payment.paymentMethod = 'banktransfer';
    }),
    customer: { id: 7 },
  });
  signIn('started');
  const navigations: string[] = [];
  const off = navigationRequested.on(({ to }) => navigations.push(to));
  await renderRemote(<RoutedCheckout start="#orderReview" />, CHECKOUT_NAMESPACE);
  await userEvent.click(await screen.findByRole('button', { name: 'Zamawiam i płacę' }));
  await waitFor(() => expect(navigations).toContain('/thank-you-page?order_increment_id=000000042'));
  off();
  expect(requests.find((request) => request.url.startsWith('/api/order'))?.url).toBe('/api/order?token=anna-token');
  expect(requests.some((request) => request.url.startsWith('/api/user/create'))).toBe(false);
});
