import { $session, claimWriter, navigationRequested, notificationRequested } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFakeShop } from '../auth-dialog/testing/fake-shop';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { login } from '../session/session-owner';
import { AccountButton } from './account-button.exposed';

const { shop } = useFakeShop();
const route = claimWriter('route', 'shell');
const navigations: string[] = [];
const notices: string[] = [];
const offs: (() => void)[] = [];
beforeEach(() => {
  navigations.length = 0;
  notices.length = 0;
  offs.push(
    navigationRequested.on(({ to }) => navigations.push(to)),
    notificationRequested.on(({ message }) => notices.push(message)),
  );
  route.set({ path: '/', search: '', hash: '', name: 'home', params: {}, previousPath: null, isBack: false });
});
afterEach(() => offs.splice(0).forEach((off) => off()));

async function signedIn() {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await act(() => login('anna@example.pl', 'tajne-hasło-1'));
  return screen.getByRole('button', { name: 'Konto: Anna' });
}

test("signed in, the first name shows next to the icon and the menu opens with the account's pages", async () => {
  const button = await signedIn();
  expect(within(button).getByText('Anna')).toBeVisible();
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('link', { name: 'Moje konto' })).not.toBeInTheDocument(); // hidden while closed
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = screen.getByRole('navigation', { name: 'Twoje konto' });
  expect(
    within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Moje konto', '/my-account'],
    ['Historia zamówień', '/my-account/orders'],
    ['Adresy dostawy', '/my-account/shipping-details'],
    ['Newsletter', '/my-account/newsletter'],
  ]);
  expect(within(menu).getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
});

test('by keyboard: Enter opens, Tab walks the links, Escape closes and focus goes back to the button', async () => {
  const button = await signedIn();
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Moje konto' })).toHaveFocus();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Historia zamówień' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(button).toHaveAttribute('aria-expanded', 'true');
});

test('focus leaving the menu, or a click elsewhere, closes it', async () => {
  await renderRemote(
    <>
      <AccountButton />
      <a href="/porady">Porady</a>
    </>,
    ACCOUNT_NAMESPACE,
  );
  await act(() => login('anna@example.pl', 'tajne-hasło-1'));
  const button = screen.getByRole('button', { name: 'Konto: Anna' });
  await userEvent.click(button);
  await userEvent.click(document.body);
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(button);
  screen.getByRole('button', { name: 'Wyloguj się' }).focus();
  await userEvent.tab();
  expect(screen.getByRole('link', { name: 'Porady' })).toHaveFocus();
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('"Wyloguj się" ends the session on the server and here; the shopper stays on a page that needs no account', async () => {
  const button = await signedIn();
  await userEvent.click(button);
  await userEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }));
  await waitFor(() => expect($session.get().authorised).toBe(false));
  expect(shop().calls.filter((call) => call.path === '/api/user/logout')).toHaveLength(1);
  expect(notices).toContain("You're logged out");
  expect(navigations).toEqual([]);
  const signIn = screen.getByRole('button', { name: 'Zaloguj się' });
  expect(signIn).toHaveFocus();
});

test('logging out on a my-account page goes home', async () => {
  route.set({ path: '/my-account/orders', search: '', hash: '', name: 'orders', params: {}, previousPath: null, isBack: false });
  const button = await signedIn();
  await userEvent.click(button);
  await userEvent.click(screen.getByRole('button', { name: 'Wyloguj się' }));
  await waitFor(() => expect(navigations).toEqual(['/']));
});
