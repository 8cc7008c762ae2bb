import { claimWriter, loginRequested, NO_SESSION } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOPPER_ORDER } from '../checkout/testing/api-answers';
import { rememberOrder, type AccountOutcome } from '../domain/placed-orders';
import { CHECKOUT_NAMESPACE } from '../i18n/namespace';
import { ThankYouPage } from './thank-you-page';

/** The thank-you page after an order placed with "create an account"; the order's status answered at fetch. */
const session = claimWriter('session', 'mfe-account');
beforeEach(() => {
  localStorage.clear();
  session.set(NO_SESSION);
  global.fetch = jest.fn(
    async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => ({ code: 200, result: SHOPPER_ORDER }) }) as Response,
  ) as typeof fetch;
});

async function thankYouAfter(account?: AccountOutcome) {
  rememberOrder('000000042', 'a'.repeat(32), Date.now(), account);
  await renderRemote(<ThankYouPage search="?order_increment_id=000000042" />, CHECKOUT_NAMESPACE);
  await screen.findByText('Przelew tradycyjny');
}
function loginRequests() {
  const seen: unknown[] = [];
  const off = loginRequested.on((request) => seen.push(request));
  return { seen, off };
}

test("an account made with the order: the page offers to sign in (the session is mfe-account's)", async () => {
  await thankYouAfter('created');
  const offer = screen.getByRole('region', { name: 'Twoje konto' });
  expect(offer).toHaveTextContent('Założyliśmy Twoje konto');
  const logins = loginRequests();
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  logins.off();
  expect(logins.seen).toEqual([{ mode: 'login', reason: 'thank-you-page' }]);
  // Signed in: the offer has done its work.
  act(() => session.set({ ...NO_SESSION, authorised: true, token: 't' }));
  expect(screen.queryByRole('region', { name: 'Twoje konto' })).toBeNull();
});

test("an e-mail with an account already: said in the spec's words, the order stands, signing in offered", async () => {
  await thankYouAfter('exists');
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Klient z tym adresem e-mail już istnieje');
  expect(alert).toHaveTextContent('Zamówienie przyjęliśmy');
  expect(screen.getByText('Numer zamówienia: 000000042')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
});

test('an account that could not be made otherwise: the order stands, registering offered for later', async () => {
  await thankYouAfter('failed');
  expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się założyć konta, ale zamówienie przyjęliśmy');
  const logins = loginRequests();
  await userEvent.click(screen.getByRole('button', { name: 'Załóż konto' }));
  logins.off();
  expect(logins.seen).toEqual([{ mode: 'register', reason: 'thank-you-page' }]);
});

test('no account asked for: nothing about one', async () => {
  await thankYouAfter();
  expect(screen.queryByRole('region', { name: 'Twoje konto' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Zaloguj się' })).toBeNull();
});
