import { claimWriter } from '@kaloryfer/contracts';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';
import { renderRemote } from '../testing/render-remote';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commonPl, commonDe, commonEn, commonIt } from '@kaloryfer/i18n/locales';
import { NEWSLETTER_FORM_ACTION, NewsletterSignup } from './newsletter-signup';

/** A remote's own words are not needed: the form's are the shared `common` namespace's. */
const NO_NAMESPACE = { name: 'none', loaders: { 'pl-PL': async () => ({}) } };

/** The footer's sign-up as a shopper meets it: a plain form, and the outcome the API's redirect put in the query. */
const route = claimWriter('route', 'shell');
const at = (search: string) =>
  route.set({ path: '/c/grzejniki', search, hash: 'newsletter', name: 'category', params: { slug: 'grzejniki' }, previousPath: null, isBack: false });

test('a plain form to the API: labelled e-mail field, the consent with an unticked checkbox, its version, a submit button', async () => {
  at('');
  await renderRemote(<NewsletterSignup />, NO_NAMESPACE);
  const section = screen.getByRole('region', { name: 'Newsletter' });
  expect(section).toHaveAttribute('id', 'newsletter');
  const form = section.querySelector('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', NEWSLETTER_FORM_ACTION);

  const email = within(section).getByRole('textbox', { name: 'Adres e-mail' });
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toHaveAttribute('name', 'email');
  expect(email).toBeRequired();
  const consent = within(section).getByRole('checkbox', { name: NEWSLETTER_CONSENT.text });
  expect(consent).not.toBeChecked();
  expect(consent).toHaveAttribute('name', 'consent');
  expect(consent).toHaveAttribute('value', 'yes');
  expect(consent).toBeRequired();
  expect(form.querySelector('input[name="consent_version"]')).toHaveValue(NEWSLETTER_CONSENT.version);
  expect(form.querySelector('input[name="source"]')).toHaveValue('footer');
  expect(within(section).getByRole('link', { name: 'Polityka prywatności' })).toHaveAttribute('href', '/i/polityka-prywatnosci');
  expect(within(section).getByRole('button', { name: 'Zapisz mnie' })).toHaveAttribute('type', 'submit');
  expect(within(section).getByRole('status')).toBeEmptyDOMElement();

  // What the shopper sends is what the browser would post (the form needs no script).
  await userEvent.type(email, 'anna@example.pl');
  await userEvent.click(consent);
  expect(Object.fromEntries(new FormData(form))).toEqual({
    email: 'anna@example.pl',
    consent: 'yes',
    consent_version: NEWSLETTER_CONSENT.version,
    source: 'footer',
  });
});

test.each([
  ['check-inbox', 'Sprawdź skrzynkę: wysłaliśmy link potwierdzający. Zapis zacznie działać po jego kliknięciu (link jest ważny 48 godzin).'],
  ['invalid-email', 'Podaj prawidłowy adres e-mail'],
  ['no-consent', 'Zaznacz zgodę na otrzymywanie newslettera — bez niej nie możemy Cię zapisać.'],
  ['already', 'Ten adres jest już zapisany do newslettera. Dziękujemy!'],
  ['confirmed', 'Zapis potwierdzony — dziękujemy! Kod rabatowy -10% wysłaliśmy na Twój adres e-mail.'],
  ['link-used', 'Ten link potwierdzający został już użyty. Jeśli zapis był potwierdzony, kod rabatowy znajdziesz we wcześniejszej wiadomości.'],
  ['link-expired', 'Link potwierdzający wygasł (działa 48 godzin). Zapisz się ponownie — wyślemy nowy.'],
  ['link-invalid', 'Ten link potwierdzający jest nieprawidłowy. Otwórz cały adres z wiadomości albo zapisz się ponownie.'],
  ['error', 'Nie udało się teraz zapisać Cię do newslettera. Spróbuj ponownie za chwilę.'],
])('?newsletter=%s → the status says %j', async (outcome, message) => {
  at(`?sort=price&newsletter=${outcome}`);
  await renderRemote(<NewsletterSignup />, NO_NAMESPACE);
  expect(screen.getByRole('status')).toHaveTextContent(message);
  // Until the link is clicked nothing claims the address is subscribed.
  if (outcome === 'check-inbox') expect(screen.getByRole('status')).not.toHaveTextContent(/zapisany|potwierdzony/i);
});

test('the field the message is about is marked and described by it; an unknown outcome says nothing', async () => {
  at('?newsletter=invalid-email');
  const { unmount } = await renderRemote(<NewsletterSignup />, NO_NAMESPACE);
  expect(screen.getByRole('textbox', { name: 'Adres e-mail' })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: 'Adres e-mail' })).toHaveAccessibleDescription('Podaj prawidłowy adres e-mail');
  expect(screen.getByRole('checkbox')).not.toHaveAttribute('aria-invalid');
  unmount();

  at('?newsletter=no-consent');
  const second = await renderRemote(<NewsletterSignup />, NO_NAMESPACE);
  expect(screen.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('checkbox')).not.toBeChecked();
  expect(screen.getByRole('textbox', { name: 'Adres e-mail' })).not.toHaveAttribute('aria-invalid');
  second.unmount();

  at('?newsletter=subscribed');
  await renderRemote(<NewsletterSignup source="home" />, NO_NAMESPACE);
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  expect(screen.getByRole('region', { name: 'Newsletter: -10% na pierwsze zakupy' })).toHaveAttribute('id', 'newsletter-home');
});

test('on the home page two forms: an outcome speaks in the form it answers, never in both', async () => {
  at('?newsletter=check-inbox&newsletter_form=home');
  await renderRemote(
    <>
      <NewsletterSignup source="home" />
      <NewsletterSignup />
    </>,
    NO_NAMESPACE,
  );
  const home = screen.getByRole('region', { name: 'Newsletter: -10% na pierwsze zakupy' });
  const footer = screen.getByRole('region', { name: 'Newsletter' });
  expect(home).toHaveAttribute('id', 'newsletter-home');
  expect(within(home).getByRole('status')).toHaveTextContent(/^Sprawdź skrzynkę/);
  expect(within(footer).getByRole('status')).toBeEmptyDOMElement();
  expect(home.querySelector('input[name="source"]')).toHaveValue('home');
});

test('the consent shown is the versioned wording the API stores: Polish word for word, every language has it', () => {
  expect(commonPl['newsletter.consent']).toBe(NEWSLETTER_CONSENT.text);
  for (const dictionary of [commonEn, commonDe, commonIt]) {
    expect(dictionary['newsletter.consent']).toMatch(/Kaloryfer sp\. z o\.o\..*sklep@kaloryfer\.pl/);
  }
});
