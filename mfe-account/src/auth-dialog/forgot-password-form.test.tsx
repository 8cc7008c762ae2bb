import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { AccountButton } from '../widgets/account-button.exposed';
import { useFakeShop } from './testing/fake-shop';

const { shop, goOffline } = useFakeShop();

async function openForgot() {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Nie pamiętasz hasła?' })); // the dialog's code loads on first open
  return screen.getByRole('dialog', { name: 'Nie pamiętasz hasła?' });
}

test.each([
  ["an account's address", 'anna@example.pl'],
  ['an address with no account', 'nikt@example.pl'],
])('for %s the answer is the same: a link was sent if the account exists', async (_case, address) => {
  const dialog = await openForgot();
  const email = within(dialog).getByLabelText('Adres e-mail');
  expect(email).toHaveFocus();
  await userEvent.type(email, `${address}{Enter}`);
  expect(await within(dialog).findByRole('status')).toHaveTextContent(
    `Jeśli istnieje konto z adresem ${address}, wysłaliśmy na ten adres link do ustawienia nowego hasła. Link jest ważny przez godzinę.`,
  );
  expect(shop().calls).toEqual([{ method: 'POST', path: '/api/user/reset-password', body: { email: address, websiteId: 1 } }]);
  expect(within(dialog).queryByRole('alert')).toBeEmptyDOMElement();
});

test('the mail cannot be sent (500): the spec message in Polish, no status', async () => {
  shop().script('/api/user/reset-password', 500, 'Error while sending reset password e-mail');
  const dialog = await openForgot();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl{Enter}');
  expect(await within(dialog).findByText('Błąd podczas wysyłania e-maila do resetu hasła')).toHaveAttribute('role', 'alert');
  expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
});

test('offline the reset is refused before anything is sent', async () => {
  const dialog = await openForgot();
  goOffline();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl{Enter}');
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Reset hasła nie działa w trybie offline!');
  expect(shop().calls).toEqual([]);
});

test('a malformed address is named under the field; the shopper can go back to signing in', async () => {
  const dialog = await openForgot();
  await userEvent.type(within(dialog).getByLabelText('Adres e-mail'), 'anna{Enter}');
  expect(within(dialog).getByLabelText('Adres e-mail')).toHaveAccessibleDescription('Podaj prawidłowy adres e-mail');
  expect(shop().calls).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Wróć do logowania' }));
  expect(screen.getByRole('dialog', { name: 'Zaloguj się' })).toBeInTheDocument();
});
