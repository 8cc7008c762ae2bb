import { $overlay, claimWriter, closePanelsRequested, loginRequested, panelClosed, panelOpened } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { login } from '../session/session-owner';
import { AccountButton } from '../widgets/account-button.exposed';
import { useFakeShop } from './testing/fake-shop';
import { AUTH_PANEL } from './use-auth-dialog';

useFakeShop();

// The shell's side of the overlay, as shell-writers keep $overlay from the panels' facts.
const overlay = claimWriter('overlay', 'shell');
const offs: (() => void)[] = [];
beforeEach(() => {
  overlay.set({ active: false, panels: [] });
  offs.push(
    panelOpened.on(({ panel }) => overlay.set({ active: true, panels: [...overlay.get().panels, panel] })),
    panelClosed.on(({ panel }) => {
      const panels = overlay.get().panels.filter((open) => open !== panel);
      overlay.set({ active: panels.length > 0, panels });
    }),
  );
});
afterEach(() => offs.splice(0).forEach((off) => off()));

test('the signed-out header button opens a modal dialog named by its heading; the overlay knows', async () => {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  const opener = screen.getByRole('button', { name: 'Zaloguj się' });
  expect(opener.tagName).toBe('BUTTON');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Zaloguj się' }); // its code loads on first open
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect($overlay.get()).toEqual({ active: true, panels: [AUTH_PANEL] });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect($overlay.get().active).toBe(false);
  expect(opener).toHaveFocus();
});

test('Tab stays inside the open dialog; Escape closes it and gives focus back to the button', async () => {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  const opener = screen.getByRole('button', { name: 'Zaloguj się' });
  await userEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Zaloguj się' });
  const close = within(dialog).getByRole('button', { name: 'Zamknij' });
  const last = within(dialog).getByRole('button', { name: 'Załóż konto' });
  close.focus();
  await userEvent.tab({ shift: true }); // before the first control: round to the last, not out to the page
  expect(last).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  for (let step = 0; step < 12; step += 1) {
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('a click on the overlay (the shell asks panels to close) closes it', async () => {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  act(() => closePanelsRequested.emit({}));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('session:login-requested opens it from anywhere, and focus goes back to the control that asked', async () => {
  await renderRemote(
    <>
      <button type="button">Zaloguj się, aby zobaczyć stronę</button>
      <AccountButton />
    </>,
    ACCOUNT_NAMESPACE,
  );
  const pageButton = screen.getByRole('button', { name: 'Zaloguj się, aby zobaczyć stronę' });
  pageButton.focus();
  act(() => loginRequested.emit({ mode: 'login', reason: 'guarded-page' }));
  const dialog = screen.getByRole('dialog', { name: 'Zaloguj się' });
  expect(within(dialog).getByLabelText('Adres e-mail')).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(pageButton).toHaveFocus();
});

test('spec §4: a refused token refresh asks for the sign-up form, which the dialog opens with', async () => {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  act(() => loginRequested.emit({ mode: 'register', reason: 'session-expired' }));
  const dialog = screen.getByRole('dialog', { name: 'Załóż konto' });
  expect(dialog).toHaveAccessibleDescription('Twoja sesja wygasła i wylogowaliśmy Cię. Zaloguj się ponownie albo załóż konto.');
  expect(within(dialog).getByLabelText('Imię')).toHaveFocus();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj się' }));
  expect(screen.getByRole('dialog', { name: 'Zaloguj się' })).toBeInTheDocument();
});

test('a customer already signed in is not asked again', async () => {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await act(() => login('anna@example.pl', 'tajne-hasło-1'));
  act(() => loginRequested.emit({ mode: 'login' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
