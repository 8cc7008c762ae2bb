import type { Company } from '@kaloryfer/api-contract';
import { $session, claimWriter, syncTaskRequested, syncTaskSettled } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { ProfilePage } from './profile-page';
import { address, customer, FakeShop, fakeSyncQueue, listen, reply, startShop } from './testing/fake-shop';

const WRONG_PASSWORD = "The password doesn't match this account. Verify the password and try again.";
const QUEUED_OFFLINE = 'Zapisano na tym urządzeniu. Wyślemy zmiany, gdy wrócisz online.';
const connectivity = claimWriter('connectivity', 'shell');
let heard: ReturnType<typeof listen>;
let queue: ReturnType<typeof fakeSyncQueue> | null = null;
beforeEach(() => {
  heard = listen();
  act(() => connectivity.set({ online: true }));
});
afterEach(() => {
  heard.stop();
  queue?.stop();
  queue = null;
  act(() => connectivity.set({ online: true }));
});

const section = (name: string) => screen.getByRole('region', { name });

/** The fake shop as `fetch`, and the shell's queue standing in front of it for the queued calls. */
function startShopAndQueue(shop: FakeShop) {
  startShop(shop);
  queue = fakeSyncQueue(shop);
  return queue;
}

/** Opens "Dane osobowe" and saves it with these names and e-mail. */
async function savePersonal(values: { firstname?: string; lastname?: string; email?: string }) {
  const personal = section('Dane osobowe');
  await userEvent.click(within(personal).getByRole('button', { name: 'Edytuj Dane osobowe' }));
  for (const [label, value] of [
    ['Imię', values.firstname],
    ['Nazwisko', values.lastname],
    ['Adres e-mail', values.email],
  ] as const) {
    if (value === undefined) continue;
    await userEvent.clear(within(personal).getByLabelText(label));
    await userEvent.type(within(personal).getByLabelText(label), value);
  }
  await userEvent.click(within(personal).getByRole('button', { name: 'Zapisz zmiany' }));
  return personal;
}

test('the customer edits their names and e-mail: Polish messages first, then the data saved through the sync queue and a notification', async () => {
  const shop = new FakeShop(customer());
  const tasks = startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const personal = section('Dane osobowe');
  expect(within(personal).getByText('Anna')).toBeInTheDocument();
  expect(within(personal).getByText('anna@example.pl')).toBeInTheDocument();

  await userEvent.click(within(personal).getByRole('button', { name: 'Edytuj Dane osobowe' }));
  const first = within(personal).getByLabelText('Imię');
  expect(first).toHaveFocus();
  await userEvent.clear(first);
  await userEvent.clear(within(personal).getByLabelText('Adres e-mail'));
  await userEvent.type(within(personal).getByLabelText('Adres e-mail'), 'anna@');
  await userEvent.click(within(personal).getByRole('button', { name: 'Zapisz zmiany' }));
  expect(first).toHaveAccessibleDescription('To pole jest wymagane');
  expect(within(personal).getByLabelText('Adres e-mail')).toHaveAccessibleDescription('Podaj prawidłowy adres e-mail');
  expect(first).toHaveFocus();
  expect(tasks.requests).toHaveLength(0);
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);

  await userEvent.type(first, 'Joanna');
  await userEvent.type(within(personal).getByLabelText('Adres e-mail'), 'nowak.pl');
  await userEvent.click(within(personal).getByRole('button', { name: 'Zapisz zmiany' }));
  // Spec §7 "POST me {profile} (queued)": a task for the shell's queue, the token filled when sent.
  expect(tasks.requests).toHaveLength(1);
  const [task] = tasks.requests;
  expect(task).toMatchObject({
    url: '/api/user/me?token={{token}}',
    callback_event: 'user:profile-saved',
    silent: true,
    payload: { method: 'POST', headers: { 'content-type': 'application/json' } },
  });
  expect(task.task_id).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(JSON.parse(task.payload.body!)).toEqual({ customer: { firstname: 'Joanna', lastname: 'Nowak', email: 'anna@nowak.pl' } });
  await waitFor(() => expect(shop.sent('POST', '/api/user/me')).toHaveLength(1));
  expect(shop.sent('POST', '/api/user/me')[0]).toMatchObject({
    query: { token: 'token-1' },
    body: { customer: { firstname: 'Joanna', lastname: 'Nowak', email: 'anna@nowak.pl' } },
  });
  expect(await within(personal).findByText('Joanna')).toBeInTheDocument();
  expect($session.get().user).toMatchObject({ firstname: 'Joanna', email: 'anna@nowak.pl' });
  expect(heard.notices).toEqual([{ type: 'success', message: 'Account data has successfully been updated' }]);
  expect(within(personal).getByRole('button', { name: 'Edytuj Dane osobowe' })).toHaveFocus();
  expect(within(personal).queryByRole('status')).not.toBeInTheDocument();
});

test('while the queue has not answered the form says it is saving; each save is a new task', async () => {
  const shop = new FakeShop(customer());
  startShop(shop);
  // No queue listens yet (the shell loads it after the page): the task waits on the bus.
  const asked: string[] = [];
  const off = syncTaskRequested.on(({ task_id }) => asked.push(task_id));
  try {
    await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
    const personal = await savePersonal({ firstname: 'Joanna' });
    expect(within(personal).getByRole('button', { name: 'Zapisujemy…' })).toBeDisabled();
    expect(within(personal).getByRole('button', { name: 'Anuluj' })).toBeDisabled();
    expect(asked).toHaveLength(1);
    act(() =>
      syncTaskSettled.emit({
        task_id: asked[0],
        callback_event: 'user:profile-saved',
        code: 200,
        resultCode: 200,
        result: { ...shop.customer, firstname: 'Joanna' },
        meta: null,
        transmitted: true,
      }),
    );
    expect(await within(personal).findByText('Joanna')).toBeInTheDocument();
    expect(heard.notices).toEqual([{ type: 'success', message: 'Account data has successfully been updated' }]);

    await savePersonal({ firstname: 'Janina' });
    expect(asked).toHaveLength(2);
    expect(asked[1]).not.toBe(asked[0]);
  } finally {
    off();
  }
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);
});

test("a taken e-mail shows the API's message in Polish and keeps the form open", async () => {
  const shop = new FakeShop(customer()).answer('POST', '/api/user/me', () =>
    reply(400, { code: 400, result: 'A customer with the same email address already exists' }),
  );
  startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const personal = await savePersonal({ email: 'jan@example.pl' });
  expect(await within(personal).findByRole('alert')).toHaveTextContent('Klient z tym adresem e-mail już istnieje');
  expect(within(personal).getByLabelText('Adres e-mail')).toHaveValue('jan@example.pl');
  expect(within(personal).getByRole('button', { name: 'Zapisz zmiany' })).toBeEnabled();
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(1);
  expect($session.get().user).toMatchObject({ email: 'anna@example.pl' });
  expect(heard.notices).toEqual([]);
});

test('a 401 from the queue shows what a failed token refresh shows (the queue will get its own refresh)', async () => {
  const shop = new FakeShop(customer()).answer('POST', '/api/user/me', () => reply(401, { code: 401, result: 'Unexpected authorization error' }));
  startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const personal = await savePersonal({ firstname: 'Joanna' });
  expect(await within(personal).findByRole('alert')).toHaveTextContent('Błąd odświeżania tokenu. Użytkownik nie ma dostępu do zasobu');
  expect($session.get().user).toMatchObject({ firstname: 'Anna' });
});

test('offline the save is accepted on this device, said in Polish, and sent when the connection returns', async () => {
  const shop = new FakeShop(customer());
  const tasks = startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  act(() => connectivity.set({ online: false }));
  const personal = await savePersonal({ firstname: 'Joanna', email: 'joanna@example.pl' });

  expect(await within(personal).findByRole('status')).toHaveTextContent(QUEUED_OFFLINE);
  expect(within(personal).queryByRole('button', { name: 'Zapisujemy…' })).not.toBeInTheDocument();
  expect(within(personal).getByRole('button', { name: 'Edytuj Dane osobowe' })).toBeEnabled();
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  expect(tasks.requests).toHaveLength(1);
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);
  expect($session.get().user).toMatchObject({ firstname: 'Anna', email: 'anna@example.pl' });
  expect(heard.notices).toEqual([]);

  act(() => connectivity.set({ online: true }));
  await waitFor(() => expect(heard.notices).toEqual([{ type: 'success', message: 'Account data has successfully been updated' }]));
  expect(shop.sent('POST', '/api/user/me')[0]).toMatchObject({
    query: { token: 'token-1' },
    body: { customer: { firstname: 'Joanna', lastname: 'Nowak', email: 'joanna@example.pl' } },
  });
  expect(within(personal).getByText('Joanna')).toBeInTheDocument();
  expect($session.get().user).toMatchObject({ firstname: 'Joanna', email: 'joanna@example.pl' });
  expect(within(personal).queryByRole('status')).not.toBeInTheDocument();
});

test("offline, then refused when sent: the form comes back with what was sent and the server's message", async () => {
  const shop = new FakeShop(customer()).answer('POST', '/api/user/me', () =>
    reply(400, { code: 400, result: 'A customer with the same email address already exists' }),
  );
  startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  act(() => connectivity.set({ online: false }));
  const personal = await savePersonal({ email: 'jan@example.pl' });
  expect(await within(personal).findByRole('status')).toHaveTextContent(QUEUED_OFFLINE);
  expect(within(personal).queryByLabelText('Adres e-mail')).not.toBeInTheDocument();

  act(() => connectivity.set({ online: true }));
  expect(await within(personal).findByRole('alert')).toHaveTextContent('Klient z tym adresem e-mail już istnieje');
  expect(within(personal).getByLabelText('Adres e-mail')).toHaveValue('jan@example.pl');
  expect(within(personal).queryByRole('status')).not.toBeInTheDocument();
  expect(heard.notices).toEqual([]);
});

test('the connection drops while the save waits: it waits in the queue and the form is not left saving', async () => {
  const shop = new FakeShop(customer());
  startShop(shop);
  const asked: string[] = [];
  const off = syncTaskRequested.on(({ task_id }) => asked.push(task_id));
  try {
    await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
    const personal = await savePersonal({ firstname: 'Joanna' });
    expect(within(personal).getByRole('button', { name: 'Zapisujemy…' })).toBeDisabled();
    act(() => connectivity.set({ online: false }));
    expect(within(personal).getByRole('status')).toHaveTextContent(QUEUED_OFFLINE);
    expect(within(personal).getByRole('button', { name: 'Zapisz zmiany' })).toBeEnabled();
    act(() =>
      syncTaskSettled.emit({
        task_id: asked[0],
        callback_event: 'user:profile-saved',
        code: 200,
        resultCode: 200,
        result: { ...shop.customer, firstname: 'Joanna' },
        meta: null,
        transmitted: true,
      }),
    );
    expect(await within(personal).findByText('Joanna')).toBeInTheDocument();
    expect(within(personal).queryByRole('status')).not.toBeInTheDocument();
  } finally {
    off();
  }
});

test('the page closed before the queued save is sent: nothing breaks, and the session still gets the saved profile', async () => {
  const errors = jest.spyOn(console, 'error');
  const shop = new FakeShop(customer());
  startShopAndQueue(shop);
  const { unmount } = await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  act(() => connectivity.set({ online: false }));
  await savePersonal({ firstname: 'Joanna' });
  expect(await screen.findByRole('status')).toHaveTextContent(QUEUED_OFFLINE);
  unmount();

  act(() => connectivity.set({ online: true }));
  await waitFor(() => expect($session.get().user).toMatchObject({ firstname: 'Joanna' }));
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(1);
  expect(heard.notices).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('changing the password: the spec rules, the body sent, success and the wrong current password translated', async () => {
  let current = 'stare-hasło';
  const shop = new FakeShop(customer()).answer('POST', '/api/user/change-password', ({ body }) => {
    if (body?.currentPassword !== current) return reply(400, { code: 400, result: WRONG_PASSWORD });
    current = String(body.newPassword);
    return reply(200, { code: 200, result: true });
  });
  startShop(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const form = section('Zmień hasło');
  const submit = within(form).getByRole('button', { name: 'Zmień hasło' });

  await userEvent.type(within(form).getByLabelText('Nowe hasło'), 'krótkie');
  await userEvent.type(within(form).getByLabelText('Powtórz nowe hasło'), 'inne');
  await userEvent.click(submit);
  expect(within(form).getByLabelText('Obecne hasło')).toHaveAccessibleDescription('To pole jest wymagane');
  expect(within(form).getByLabelText('Nowe hasło')).toHaveAccessibleDescription('Hasło musi mieć co najmniej 8 znaków Co najmniej 8 znaków.');
  expect(within(form).getByLabelText('Powtórz nowe hasło')).toHaveAccessibleDescription('Hasła muszą być identyczne');
  expect(within(form).getByLabelText('Obecne hasło')).toHaveFocus();

  await userEvent.type(within(form).getByLabelText('Obecne hasło'), 'pomyłka-123');
  await userEvent.clear(within(form).getByLabelText('Nowe hasło'));
  await userEvent.type(within(form).getByLabelText('Nowe hasło'), 'nowe-hasło-1');
  await userEvent.clear(within(form).getByLabelText('Powtórz nowe hasło'));
  await userEvent.type(within(form).getByLabelText('Powtórz nowe hasło'), 'nowe-hasło-1');
  await userEvent.click(submit);
  expect(await within(form).findByRole('alert')).toHaveTextContent('Hasło nie pasuje do tego konta. Sprawdź je i spróbuj ponownie.');

  await userEvent.clear(within(form).getByLabelText('Obecne hasło'));
  await userEvent.type(within(form).getByLabelText('Obecne hasło'), 'stare-hasło');
  await userEvent.click(submit);
  expect(shop.sent('POST', '/api/user/change-password').at(-1)).toMatchObject({
    query: { token: 'token-1' },
    body: { currentPassword: 'stare-hasło', newPassword: 'nowe-hasło-1' },
  });
  await waitFor(() => expect(heard.notices).toEqual([{ type: 'success', message: 'Password has successfully been changed' }]));
  expect(within(form).getByLabelText('Obecne hasło')).toHaveValue('');
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
});

test("offline the password is not sent: the spec's offline message instead", async () => {
  const shop = new FakeShop(customer());
  startShop(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  act(() => claimWriter('connectivity', 'shell').set({ online: false }));
  const form = section('Zmień hasło');
  await userEvent.type(within(form).getByLabelText('Obecne hasło'), 'stare-hasło');
  await userEvent.type(within(form).getByLabelText('Nowe hasło'), 'nowe-hasło-1');
  await userEvent.type(within(form).getByLabelText('Powtórz nowe hasło'), 'nowe-hasło-1');
  await userEvent.click(within(form).getByRole('button', { name: 'Zmień hasło' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Reset hasła nie działa w trybie offline!');
  expect(shop.sent('POST', '/api/user/change-password')).toHaveLength(0);
  act(() => claimWriter('connectivity', 'shell').set({ online: true }));
});

test('company data: the NIP checked, the name taken from GUS, saved on the default billing address with the whole book', async () => {
  const shop = new FakeShop(
    customer({
      addresses: [address(1, { default_shipping: true }), address(2, { street: ['Długa', '5'], default_billing: true })],
    }),
  ).answer('GET', '/api/company', ({ query }) => {
    const found: Company | null =
      query.nip === '1234563218'
        ? {
            nip: '1234563218',
            regon: '',
            name: 'Ciepło Sp. z o.o.',
            street: 'Długa',
            buildingNumber: '5',
            flatNumber: '',
            postcode: '00-950',
            city: 'Warszawa',
          }
        : null;
    return reply(200, { code: 200, result: found });
  });
  const tasks = startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const company = section('Dane firmy do faktury');
  expect(within(company).getByText(/Długa 5/)).toBeInTheDocument();
  const nip = within(company).getByLabelText('NIP (opcjonalnie)');

  await userEvent.type(nip, '12345');
  await userEvent.click(within(company).getByRole('button', { name: 'Zapisz dane firmy' }));
  expect(nip).toHaveAccessibleDescription('Numer NIP musi mieć 10 cyfr 10 cyfr; nazwę firmy możemy pobrać z rejestru GUS.');
  expect(within(company).getByLabelText('Nazwa firmy (opcjonalnie)')).toHaveAccessibleDescription('To pole jest wymagane');
  await userEvent.clear(nip);
  await userEvent.type(nip, '1234563219');
  await userEvent.click(within(company).getByRole('button', { name: 'Zapisz dane firmy' }));
  expect(nip).toHaveAccessibleDescription(/Ten numer NIP jest nieprawidłowy/);
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);

  await userEvent.clear(nip);
  await userEvent.type(nip, '123-456-32-18');
  await userEvent.click(await within(company).findByRole('button', { name: 'Użyj tej nazwy' }));
  expect(shop.sent('GET', '/api/company')[0].query).toEqual({ nip: '1234563218' });
  expect(within(company).getByLabelText('Nazwa firmy (opcjonalnie)')).toHaveValue('Ciepło Sp. z o.o.');
  await userEvent.click(within(company).getByRole('button', { name: 'Zapisz dane firmy' }));

  expect(tasks.requests).toEqual([expect.objectContaining({ url: '/api/user/me?token={{token}}', callback_event: 'user:profile-saved', silent: true })]);
  await waitFor(() => expect(shop.sent('POST', '/api/user/me')).toHaveLength(1));
  expect(shop.sent('POST', '/api/user/me')[0].body).toEqual({
    customer: {
      addresses: [
        {
          id: 1,
          firstname: 'Anna',
          lastname: 'Nowak',
          street: ['Kwiatowa', '12'],
          city: 'Warszawa',
          postcode: '00-950',
          country_id: 'PL',
          default_shipping: true,
        },
        {
          id: 2,
          firstname: 'Anna',
          lastname: 'Nowak',
          street: ['Długa', '5'],
          city: 'Warszawa',
          postcode: '00-950',
          country_id: 'PL',
          company: 'Ciepło Sp. z o.o.',
          vat_id: '1234563218',
          default_billing: true,
        },
      ],
    },
  });
  await waitFor(() => expect(heard.notices).toEqual([{ type: 'success', message: 'Account data has successfully been updated' }]));
  expect($session.get().user?.addresses[1]).toMatchObject({ company: 'Ciepło Sp. z o.o.', vatId: '1234563218' });
});

test('company data offline: accepted on this device, sent when the connection returns', async () => {
  const shop = new FakeShop(customer({ addresses: [address(2, { default_billing: true })] }));
  startShopAndQueue(shop);
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const company = section('Dane firmy do faktury');
  act(() => connectivity.set({ online: false }));
  await userEvent.type(within(company).getByLabelText('NIP (opcjonalnie)'), '1234563218');
  await userEvent.type(within(company).getByLabelText('Nazwa firmy (opcjonalnie)'), 'Ciepło Sp. z o.o.');
  await userEvent.click(within(company).getByRole('button', { name: 'Zapisz dane firmy' }));
  expect(await within(company).findByText(QUEUED_OFFLINE)).toHaveAttribute('role', 'status');
  expect(within(company).getByRole('button', { name: 'Zapisz dane firmy' })).toBeEnabled();
  expect(shop.sent('POST', '/api/user/me')).toHaveLength(0);

  act(() => connectivity.set({ online: true }));
  await waitFor(() => expect(heard.notices).toEqual([{ type: 'success', message: 'Account data has successfully been updated' }]));
  expect($session.get().user?.addresses[0]).toMatchObject({ company: 'Ciepło Sp. z o.o.', vatId: '1234563218' });
  expect(within(company).queryByText(QUEUED_OFFLINE)).not.toBeInTheDocument();
});

test('without a billing address the company data points to the addresses page', async () => {
  startShop(new FakeShop(customer()));
  await renderRemote(<ProfilePage />, ACCOUNT_NAMESPACE);
  const company = section('Dane firmy do faktury');
  expect(company).toHaveTextContent('Nazwę firmy i NIP zapisujemy przy adresie do faktury');
  expect(within(company).getByRole('link', { name: 'Przejdź do adresów' })).toHaveAttribute('href', '/my-account/shipping-details');
  expect(within(company).queryByRole('textbox')).not.toBeInTheDocument();
});
