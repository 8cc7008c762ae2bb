import { $session, notificationRequested, type NotificationInput } from '@kaloryfer/contracts';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import authPl from '../i18n/auth.pl-PL';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { AccountButton } from '../widgets/account-button.exposed';
import { useFakeShop } from './testing/fake-shop';

const { shop } = useFakeShop();
const notices: NotificationInput[] = [];
let off: () => void;
beforeEach(() => {
  notices.length = 0;
  off = notificationRequested.on((notice) => notices.push(notice));
});
afterEach(() => off());

async function openRegistration() {
  await renderRemote(<AccountButton />, ACCOUNT_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Załóż konto' })); // the dialog's code loads on first open
  return screen.getByRole('dialog', { name: 'Załóż konto' });
}

type Answers = Partial<Record<'Imię' | 'Nazwisko' | 'Adres e-mail' | 'Hasło' | 'Powtórz hasło', string>>;
async function fillIn(dialog: HTMLElement, answers: Answers) {
  for (const [label, value] of Object.entries(answers)) {
    const field = within(dialog).getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
}
const GOOD: Answers = { Imię: 'Jan', Nazwisko: 'Kowalski', 'Adres e-mail': 'jan@example.pl', Hasło: 'grzejnik-123', 'Powtórz hasło': 'grzejnik-123' };
const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Załóż konto' }));
const terms = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: /Akceptuję regulamin sklepu/ });

test('switching to registration moves focus to its first field', async () => {
  const dialog = await openRegistration();
  expect(within(dialog).getByLabelText('Imię')).toHaveFocus();
});

test('submitting empty names every field under it and focuses the first; nothing is sent', async () => {
  const dialog = await openRegistration();
  await submit(dialog);
  for (const label of ['Imię', 'Nazwisko', 'Adres e-mail', 'Hasło', 'Powtórz hasło']) {
    const field = within(dialog).getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('To pole jest wymagane'));
  }
  expect(terms(dialog)).toHaveAccessibleDescription('Musisz zaakceptować regulamin');
  expect(within(dialog).getByLabelText('Imię')).toHaveFocus();
  expect(shop().calls).toEqual([]);
});

test.each([
  ['Imię', { Imię: 'J' }, 'Imię musi mieć co najmniej 2 litery'],
  ['Adres e-mail', { 'Adres e-mail': 'jan@example' }, 'Podaj prawidłowy adres e-mail'],
  ['Hasło', { Hasło: 'krótkie', 'Powtórz hasło': 'krótkie' }, 'Hasło musi mieć co najmniej 8 znaków'],
  ['Powtórz hasło', { 'Powtórz hasło': 'grzejnik-124' }, 'Hasła muszą być identyczne'],
] as const)('%s: the spec message in Polish under the field, which gets focus', async (label, wrong, message) => {
  const dialog = await openRegistration();
  await fillIn(dialog, { ...GOOD, ...wrong });
  await userEvent.click(terms(dialog));
  await submit(dialog);
  const field = within(dialog).getByLabelText(label);
  expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(field).toHaveFocus();
  expect(within(dialog).getAllByText(message)).toHaveLength(1);
  expect(shop().calls).toEqual([]);
});

test('a field is checked when the shopper leaves it, and its message goes once it is fixed', async () => {
  const dialog = await openRegistration();
  await userEvent.tab(); // through untouched fields: nothing said
  expect(within(dialog).queryByText('To pole jest wymagane')).not.toBeInTheDocument();
  const email = within(dialog).getByLabelText('Adres e-mail');
  await userEvent.type(email, 'jan@');
  await userEvent.tab();
  expect(email).toHaveAccessibleDescription('Podaj prawidłowy adres e-mail');
  await userEvent.type(email, 'example.pl');
  expect(email).not.toHaveAttribute('aria-invalid');
  expect(within(dialog).queryByText('Podaj prawidłowy adres e-mail')).not.toBeInTheDocument();
});

test('the terms must be accepted; the link opens the regulamin page in a new tab', async () => {
  const dialog = await openRegistration();
  await fillIn(dialog, GOOD);
  await submit(dialog);
  expect(terms(dialog)).toHaveFocus();
  expect(terms(dialog)).toHaveAccessibleDescription('Musisz zaakceptować regulamin');
  expect(within(dialog).getByRole('link', { name: /regulamin sklepu/ })).toHaveAttribute('href', '/i/regulamin');
  expect(within(dialog).getByRole('link', { name: /regulamin sklepu/ })).toHaveAttribute('target', '_blank');
  expect(shop().calls).toEqual([]);
});

test("a taken e-mail: the API's 400 is said in Polish under the e-mail field", async () => {
  const dialog = await openRegistration();
  await fillIn(dialog, { ...GOOD, 'Adres e-mail': 'anna@example.pl' });
  await userEvent.click(terms(dialog));
  await submit(dialog);
  const email = within(dialog).getByLabelText('Adres e-mail');
  await waitFor(() => expect(email).toHaveAccessibleDescription('Klient z tym adresem e-mail już istnieje'));
  expect(email).toHaveFocus();
  expect($session.get().authorised).toBe(false);
});

test('registering without the newsletter: the account is made and signed in; no newsletter call', async () => {
  const dialog = await openRegistration();
  const newsletter = within(dialog).getByRole('checkbox', { name: NEWSLETTER_CONSENT.text });
  expect(newsletter).not.toBeChecked();
  await fillIn(dialog, GOOD);
  await userEvent.click(terms(dialog));
  await submit(dialog);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(shop().calls.find((call) => call.path === '/api/user/create')?.body).toEqual({
    customer: { email: 'jan@example.pl', firstname: 'Jan', lastname: 'Kowalski', extension_attributes: { is_subscribed: false } },
    password: 'grzejnik-123',
  });
  expect($session.get()).toMatchObject({ authorised: true, user: { firstname: 'Jan' } });
  expect(shop().count('/api/ext/newsletter')).toBe(0);
  expect(notices.map((notice) => notice.message)).toEqual(['Konto zostało założone. Witaj, Jan!']);
  expect(screen.getByRole('button', { name: 'Konto: Jan' })).toHaveFocus();
});

test('with the newsletter ticked, the consent and its version go to the newsletter API and the shopper is told to confirm', async () => {
  const dialog = await openRegistration();
  await fillIn(dialog, GOOD);
  await userEvent.click(terms(dialog));
  await userEvent.click(within(dialog).getByRole('checkbox', { name: NEWSLETTER_CONSENT.text }));
  await submit(dialog);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(shop().calls.filter((call) => call.path === '/api/ext/newsletter')).toEqual([
    { method: 'POST', path: '/api/ext/newsletter', body: { email: 'jan@example.pl', consentVersion: NEWSLETTER_CONSENT.version, source: 'account' } },
  ]);
  expect(shop().calls.find((call) => call.path === '/api/user/create')?.body).toMatchObject({ customer: { extension_attributes: { is_subscribed: true } } });
  expect(notices.map((notice) => notice.message)).toContainEqual(
    expect.stringMatching(/^Sprawdź skrzynkę: wysłaliśmy link potwierdzający zapis do newslettera/),
  );
});

test('the Polish consent is the one wording of shared/domain', () => {
  expect(authPl['auth.register.newsletterConsent']).toBe(NEWSLETTER_CONSENT.text);
});
