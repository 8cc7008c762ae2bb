import { $session, notificationRequested, type NotificationInput } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { AccountButton } from '../widgets/account-button.exposed';
import { TOO_MANY, useFakeShop } from './testing/fake-shop';

const { shop, goOffline } = useFakeShop();
const notices: NotificationInput[] = [];
let off: () => void;
beforeEach(() => {
  notices.length = 0;
  off = notificationRequested.on((notice) => notices.push(notice));
});
afterEach(() => off());

async function openSignIn() {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  return screen.findByRole('dialog', { name: 'Zaloguj się' }); // its code loads on first open
}

test('a wrong password is refused in Polish, without saying which part was wrong; the dialog stays', async () => {
  const dialog = await openSignIn();
  expect(within(dialog).getByLabelText('Adres e-mail')).toHaveFocus();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), 'zgadywane-hasło');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nieprawidłowy e-mail lub hasło albo konto jest tymczasowo zablokowane.');
  expect(shop().calls[0]).toMatchObject({ path: '/api/user/login', body: { username: 'anna@example.pl', password: 'zgadywane-hasło' } });
  expect($session.get().authorised).toBe(false);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('signing in calls the API, closes the dialog, says so, and the header shows the first name with focus on it', async () => {
  const dialog = await openSignIn();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), ' Anna@Example.pl');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), 'tajne-hasło-1{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(shop().calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/user/login', '/api/user/me']));
  expect($session.get()).toMatchObject({ authorised: true, user: { firstname: 'Anna' } });
  expect(notices).toContainEqual(expect.objectContaining({ type: 'success', message: 'Zalogowano. Witaj, Anna!' }));
  const menuButton = screen.getByRole('button', { name: 'Konto: Anna' });
  expect(menuButton).toHaveFocus();
});

test('the password can be shown and hidden again', async () => {
  const dialog = await openSignIn();
  const password = within(dialog).getByLabelText('Hasło');
  const toggle = within(dialog).getByRole('button', { name: 'Pokaż hasło' });
  expect(password).toHaveAttribute('type', 'password');
  await userEvent.click(toggle);
  expect(password).toHaveAttribute('type', 'text');
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(toggle);
  expect(password).toHaveAttribute('type', 'password');
});

test('empty fields are named under each field and the first one gets focus; nothing is sent', async () => {
  const dialog = await openSignIn();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));
  const email = within(dialog).getByLabelText('Adres e-mail');
  expect(email).toHaveFocus();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('To pole jest wymagane');
  expect(within(dialog).getByLabelText('Hasło')).toHaveAccessibleDescription('To pole jest wymagane');
  expect(shop().calls).toEqual([]);
});

test('too many attempts (429) is said in Polish', async () => {
  shop().script('/api/user/login', 429, TOO_MANY);
  const dialog = await openSignIn();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), 'tajne-hasło-1{Enter}');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Zbyt wiele prób. Spróbuj ponownie za chwilę.');
});

test('offline, nothing is sent and the shopper is told', async () => {
  const dialog = await openSignIn();
  goOffline();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), 'tajne-hasło-1{Enter}');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Jesteś offline');
  expect(shop().calls).toEqual([]);
});

test('while the request runs the button is disabled and the form busy; a second submit sends nothing more', async () => {
  const release = shop().hold('/api/user/login');
  const dialog = await openSignIn();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), 'tajne-hasło-1{Enter}');
  const submit = within(dialog).getByRole('button', { name: 'Zaloguj się' });
  await waitFor(() => expect(submit).toBeDisabled());
  expect(submit.closest('form')).toHaveAttribute('aria-busy', 'true');
  await userEvent.type(within(dialog).getByLabelText('Hasło'), '{Enter}');
  fireEvent.submit(submit.closest('form')!); // as a script or an impatient double press would
  expect(shop().count('/api/user/login')).toBe(1);
  release();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(shop().count('/api/user/login')).toBe(1);
});
