import { $session, claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { CreatePasswordPage } from './create-password-page';
import { customer, FakeShop, listen, reply, startShop } from './testing/fake-shop';

const route = claimWriter('route', 'shell');
const openLink = (search: string) =>
  route.set({ path: '/create-password', search, hash: '', name: 'create-password', params: {}, previousPath: null, isBack: false });

let heard: ReturnType<typeof listen>;
beforeEach(() => {
  heard = listen();
});
afterEach(() => heard.stop());

/** The API's reset: one token for one e-mail, used once; then the new password signs in. */
function resetShop() {
  let password = 'zapomniane';
  let token: string | null = 'token-z-maila';
  return new FakeShop(customer())
    .answer('POST', '/api/user/create-password', ({ body }) => {
      if (body?.resetToken !== token || body?.email !== 'anna@example.pl')
        return reply(400, { code: 400, result: 'The password reset link is not valid. Ask for a new one.' });
      token = null;
      password = String(body.newPassword);
      return reply(200, { code: 200, result: true });
    })
    .answer('POST', '/api/user/login', ({ body }) =>
      body?.password === password
        ? reply(200, { code: 200, result: 'access-1', meta: { refreshToken: 'refresh-1' } })
        : reply(401, { code: 401, result: 'You did not sign in correctly or your account is temporarily disabled.' }),
    );
}

test("a new password from the e-mail's link: the rules in Polish, then set, signed in and taken to the account", async () => {
  const shop = resetShop();
  startShop(shop, { signedIn: false });
  openLink('?email=anna%40example.pl&resetToken=token-z-maila');
  await renderRemote(<CreatePasswordPage />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ustaw nowe hasło');
  expect(screen.getByText('Ustawiasz nowe hasło do konta anna@example.pl.')).toBeInTheDocument();

  await userEvent.type(screen.getByLabelText('Nowe hasło'), 'krótkie');
  await userEvent.type(screen.getByLabelText('Powtórz nowe hasło'), 'krótkie!');
  await userEvent.click(screen.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }));
  expect(screen.getByLabelText('Nowe hasło')).toHaveAccessibleDescription(/^Hasło musi mieć co najmniej 8 znaków/);
  expect(screen.getByLabelText('Powtórz nowe hasło')).toHaveAccessibleDescription('Hasła muszą być identyczne');
  expect(screen.getByLabelText('Nowe hasło')).toHaveFocus();
  expect(shop.sent('POST', '/api/user/create-password')).toHaveLength(0);

  await userEvent.clear(screen.getByLabelText('Nowe hasło'));
  await userEvent.type(screen.getByLabelText('Nowe hasło'), 'nowe-hasło-1');
  await userEvent.clear(screen.getByLabelText('Powtórz nowe hasło'));
  await userEvent.type(screen.getByLabelText('Powtórz nowe hasło'), 'nowe-hasło-1');
  await userEvent.click(screen.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }));

  await waitFor(() => expect(heard.navigations).toEqual(['/my-account']));
  expect(shop.sent('POST', '/api/user/create-password')[0].body).toEqual({
    email: 'anna@example.pl',
    newPassword: 'nowe-hasło-1',
    resetToken: 'token-z-maila',
  });
  expect(shop.sent('POST', '/api/user/login')[0].body).toEqual({ username: 'anna@example.pl', password: 'nowe-hasło-1' });
  expect($session.get()).toMatchObject({ authorised: true, token: 'access-1', user: { email: 'anna@example.pl' } });
  expect(heard.notices).toEqual([{ type: 'success', message: 'Password has successfully been changed' }]);
});

test('a link the API refuses: its message in Polish and a way to ask for a new one', async () => {
  const shop = resetShop();
  startShop(shop, { signedIn: false });
  openLink('?email=anna%40example.pl&resetToken=stary-token');
  await renderRemote(<CreatePasswordPage />, ACCOUNT_NAMESPACE);
  await userEvent.type(screen.getByLabelText('Nowe hasło'), 'nowe-hasło-1');
  await userEvent.type(screen.getByLabelText('Powtórz nowe hasło'), 'nowe-hasło-1');
  await userEvent.click(screen.getByRole('button', { name: 'Ustaw hasło i zaloguj się' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Ten link do ustawienia hasła jest nieprawidłowy. Poproś o nowy.');
  expect(shop.sent('POST', '/api/user/login')).toHaveLength(0);
  expect($session.get().authorised).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Poproś o nowy link' }));
  expect(heard.logins).toEqual([{ mode: 'login', reason: 'reset-password' }]);
  expect(heard.navigations).toEqual([]);
});

test('a link without its e-mail or token explains what to do instead of showing a form', async () => {
  startShop(new FakeShop(customer()), { signedIn: false });
  openLink('?email=anna%40example.pl');
  await renderRemote(<CreatePasswordPage />, ACCOUNT_NAMESPACE);
  expect(screen.getByText(/Ten link jest niepełny/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Nowe hasło')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Poproś o nowy link' }));
  expect(heard.logins).toEqual([{ mode: 'login', reason: 'reset-password' }]);
});
