import { $session, claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { AddressesPage } from './addresses-page';
import { address, customer, FakeShop, fakeSyncQueue, reply, startShop } from './testing/fake-shop';

const HOME = 'Anna Nowak, Kwiatowa 12, 00-950 Warszawa';
const OFFICE = 'Jan Kowalski, Długa 5/2, 31-001 Kraków';

function twoAddresses() {
  return new FakeShop(
    customer({
      addresses: [
        address(1, { default_shipping: true, default_billing: true, telephone: '+48600100200' }),
        address(2, {
          firstname: 'Jan',
          lastname: 'Kowalski',
          street: ['Długa', '5/2'],
          postcode: '31-001',
          city: 'Kraków',
          company: 'Ciepło Sp. z o.o.',
          vat_id: '1234563218',
        }),
      ],
    }),
  );
}

let queue: ReturnType<typeof fakeSyncQueue> | null = null;
afterEach(() => {
  queue?.stop();
  queue = null;
});

/** The fake shop as `fetch`, and the shell's queue in front of it: the book is saved through the queue (spec §7). */
function startShopAndQueue(shop: FakeShop) {
  startShop(shop);
  queue = fakeSyncQueue(shop);
}

const sentBook = (shop: FakeShop) => (shop.sent('POST', '/api/user/me').at(-1)?.body?.customer as { addresses: Record<string, unknown>[] }).addresses;
const card = (summary: string) => screen.getByRole('button', { name: `Edytuj ${summary}` }).closest('article')!;

test('the saved addresses are listed as cards with their defaults, phone and company', async () => {
  startShopAndQueue(twoAddresses());
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  const cards = screen.getAllByRole('article');
  expect(cards).toHaveLength(2);
  expect(within(cards[0]).getByRole('heading', { name: 'Anna Nowak' })).toBeInTheDocument();
  expect(cards[0]).toHaveTextContent('Kwiatowa 12');
  expect(cards[0]).toHaveTextContent('00-950 Warszawa');
  expect(cards[0]).toHaveTextContent('tel. 600 100 200');
  expect(
    within(cards[0])
      .getAllByRole('listitem')
      .map((badge) => badge.textContent),
  ).toEqual(['Domyślny adres dostawy', 'Domyślny adres do faktury']);
  expect(cards[1]).toHaveTextContent('Ciepło Sp. z o.o.');
  expect(cards[1]).toHaveTextContent('NIP: 1234563218');
  expect(within(cards[1]).getByRole('button', { name: `Ustaw jako domyślny adres dostawy ${OFFICE}` })).toBeInTheDocument();
});

test('adding an address: Polish messages, then the whole book sent with the ids kept and one default of each kind', async () => {
  const shop = twoAddresses();
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Dodaj adres' }));
  const form = screen.getByRole('form', { name: 'Nowy adres' });
  expect(within(form).getByRole('heading', { name: 'Nowy adres' })).toHaveFocus();
  expect(within(form).getByLabelText('Imię')).toHaveValue('Anna');

  await userEvent.type(within(form).getByLabelText('Kod pocztowy'), '00950');
  await userEvent.type(within(form).getByLabelText('Telefon (opcjonalnie)'), '12345');
  await userEvent.type(within(form).getByLabelText('NIP (opcjonalnie)'), '1234563219');
  await userEvent.click(within(form).getByRole('button', { name: 'Zapisz adres' }));
  expect(within(form).getByLabelText('Ulica')).toHaveFocus();
  expect(within(form).getByLabelText('Ulica')).toHaveAccessibleDescription('To pole jest wymagane');
  expect(within(form).getByLabelText('Numer domu / lokalu')).toHaveAccessibleDescription(/^To pole jest wymagane/);
  expect(within(form).getByLabelText('Kod pocztowy')).toHaveAccessibleDescription(/^Wpisz kod pocztowy w formacie xx-xxx/);
  expect(within(form).getByLabelText('Miejscowość')).toHaveAccessibleDescription('To pole jest wymagane');
  expect(within(form).getByLabelText('Telefon (opcjonalnie)')).toHaveAccessibleDescription(/^Podany numer telefonu jest nieprawidłowy/);
  expect(within(form).getByLabelText('NIP (opcjonalnie)')).toHaveAccessibleDescription(/^Ten numer NIP jest nieprawidłowy/);
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);

  await userEvent.type(within(form).getByLabelText('Ulica'), 'Polna');
  await userEvent.type(within(form).getByLabelText('Numer domu / lokalu'), '7/3');
  await userEvent.clear(within(form).getByLabelText('Kod pocztowy'));
  await userEvent.type(within(form).getByLabelText('Kod pocztowy'), '80-001');
  await userEvent.type(within(form).getByLabelText('Miejscowość'), 'Gdańsk');
  await userEvent.clear(within(form).getByLabelText('Telefon (opcjonalnie)'));
  await userEvent.type(within(form).getByLabelText('Telefon (opcjonalnie)'), '601 202 303');
  await userEvent.clear(within(form).getByLabelText('NIP (opcjonalnie)'));
  await userEvent.click(within(form).getByRole('checkbox', { name: 'Domyślny adres dostawy' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Zapisz adres' }));

  expect(sentBook(shop)).toEqual([
    {
      id: 1,
      firstname: 'Anna',
      lastname: 'Nowak',
      street: ['Kwiatowa', '12'],
      city: 'Warszawa',
      postcode: '00-950',
      country_id: 'PL',
      telephone: '+48600100200',
      default_billing: true,
    },
    {
      id: 2,
      firstname: 'Jan',
      lastname: 'Kowalski',
      street: ['Długa', '5/2'],
      city: 'Kraków',
      postcode: '31-001',
      country_id: 'PL',
      company: 'Ciepło Sp. z o.o.',
      vat_id: '1234563218',
    },
    {
      firstname: 'Anna',
      lastname: 'Nowak',
      street: ['Polna', '7/3'],
      city: 'Gdańsk',
      postcode: '80-001',
      country_id: 'PL',
      telephone: '+48601202303',
      default_shipping: true,
    },
  ]);
  expect(await screen.findByRole('status')).toHaveTextContent('Adres został zapisany.');
  const added = card('Anna Nowak, Polna 7/3, 80-001 Gdańsk');
  expect(added).toHaveFocus();
  expect(within(added).getByText('Domyślny adres dostawy')).toBeInTheDocument();
  expect($session.get().user?.addresses.map((saved) => saved.id)).toEqual([1, 2, 100]);
});

test("editing keeps the address's id; cancelling gives the focus back to its button", async () => {
  const shop = twoAddresses();
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: `Edytuj ${OFFICE}` }));
  let form = screen.getByRole('form', { name: 'Edycja adresu' });
  expect(within(form).getByLabelText('Ulica')).toHaveValue('Długa');
  expect(within(form).getByLabelText('Numer domu / lokalu')).toHaveValue('5/2');
  await userEvent.click(within(form).getByRole('button', { name: 'Anuluj' }));
  expect(screen.getByRole('button', { name: `Edytuj ${OFFICE}` })).toHaveFocus();

  await userEvent.click(screen.getByRole('button', { name: `Edytuj ${OFFICE}` }));
  form = screen.getByRole('form', { name: 'Edycja adresu' });
  await userEvent.clear(within(form).getByLabelText('Miejscowość'));
  await userEvent.type(within(form).getByLabelText('Miejscowość'), 'Kraków-Podgórze');
  await userEvent.click(within(form).getByRole('button', { name: 'Zapisz adres' }));
  expect(sentBook(shop).map((entry) => [entry.id, entry.city])).toEqual([
    [1, 'Warszawa'],
    [2, 'Kraków-Podgórze'],
  ]);
  expect(sentBook(shop)[1]).toMatchObject({ company: 'Ciepło Sp. z o.o.', vat_id: '1234563218' });
  expect(await screen.findByText('Adres został zapisany.')).toBeInTheDocument();
  expect(card('Jan Kowalski, Długa 5/2, 31-001 Kraków-Podgórze')).toHaveFocus();
});

test('deleting asks first, then sends the book without the address and focuses the list', async () => {
  const shop = twoAddresses();
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: `Usuń ${HOME}` }));
  expect(screen.getByText(`Czy na pewno usunąć adres: ${HOME}?`)).toHaveFocus();
  await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
  expect(screen.getByRole('button', { name: `Usuń ${HOME}` })).toHaveFocus();
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: `Usuń ${HOME}` }));
  await userEvent.click(screen.getByRole('button', { name: `Tak, usuń ${HOME}` }));
  expect(sentBook(shop).map((entry) => entry.id)).toEqual([2]);
  expect(await screen.findByText('Adres został usunięty.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Zapisane adresy' })).toHaveFocus();
  expect(screen.getAllByRole('article')).toHaveLength(1);
});

test('a new default moves the badge: the book sent with one default billing address', async () => {
  const shop = twoAddresses();
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: `Ustaw jako domyślny adres do faktury ${OFFICE}` }));
  expect(sentBook(shop).map((entry) => [entry.id, entry.default_shipping ?? false, entry.default_billing ?? false])).toEqual([
    [1, true, false],
    [2, false, true],
  ]);
  expect(await screen.findByText('Zmieniono domyślny adres do faktury.')).toBeInTheDocument();
  expect(card(OFFICE)).toHaveFocus();
  expect(within(card(OFFICE)).getByText('Domyślny adres do faktury')).toBeInTheDocument();
});

test("a refused save shows the API's message in Polish", async () => {
  const shop = twoAddresses().answer('POST', '/api/user/me', () => reply(404, { code: 404, result: 'No such address' }));
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: `Usuń ${OFFICE}` }));
  await userEvent.click(screen.getByRole('button', { name: `Tak, usuń ${OFFICE}` }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Tego adresu nie ma już w Twoim koncie.');
  expect(screen.getAllByRole('article')).toHaveLength(2);
});

test('at 20 addresses "add" is gone and a note says why', async () => {
  startShop(new FakeShop(customer({ addresses: Array.from({ length: 20 }, (_, index) => address(index + 1)) })));
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  expect(screen.queryByRole('button', { name: 'Dodaj adres' })).not.toBeInTheDocument();
  expect(screen.getByText('Możesz zapisać najwyżej 20 adresów. Usuń któryś, aby dodać nowy.')).toBeInTheDocument();
});

test('the first address is both defaults unless the customer says otherwise', async () => {
  const shop = new FakeShop(customer());
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  expect(screen.getByText('Nie masz jeszcze zapisanych adresów.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Dodaj adres' }));
  expect(screen.getByRole('checkbox', { name: 'Domyślny adres dostawy' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Domyślny adres do faktury' })).toBeChecked();
});

test('offline a change of the book waits on this device, said in Polish, and is sent when the connection returns (spec §7: queued)', async () => {
  const connectivity = claimWriter('connectivity', 'shell');
  const shop = twoAddresses();
  startShopAndQueue(shop);
  await renderRemote(<AddressesPage />, ACCOUNT_NAMESPACE);
  act(() => connectivity.set({ online: false }));
  try {
    await userEvent.click(screen.getByRole('button', { name: `Usuń ${OFFICE}` }));
    await userEvent.click(screen.getByRole('button', { name: `Tak, usuń ${OFFICE}` }));
    expect(await screen.findByRole('status')).toHaveTextContent('Zapisano na tym urządzeniu. Wyślemy zmiany, gdy wrócisz online.');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);
    expect(screen.getAllByRole('article')).toHaveLength(2); // the server has not said yet

    act(() => connectivity.set({ online: true }));
    await waitFor(() => expect(shop.sent('POST', '/api/user/me')).toHaveLength(1));
    expect(sentBook(shop).map((sent) => sent.id)).toEqual([1]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Adres został usunięty.');
  } finally {
    act(() => connectivity.set({ online: true }));
  }
});
