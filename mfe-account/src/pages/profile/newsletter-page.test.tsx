import type { NewsletterStatus } from '@kaloryfer/api-contract';
import { $session } from '@kaloryfer/contracts';
import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import profileDe from '../../i18n/profile.de-DE';
import profileEn from '../../i18n/profile.en-US';
import profileIt from '../../i18n/profile.it-IT';
import profilePl from '../../i18n/profile.pl-PL';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { NewsletterPage } from './newsletter-page';
import { customer, FakeShop, fakeSyncQueue, reply, startShop } from './testing/fake-shop';

/** The newsletter API as api/src/newsletter/ answers it: pending until the link is clicked; unsubscribe acts on subscribed only. */
function newsletterShop(status: NewsletterStatus, subscribed = status === 'subscribed') {
  let now = status;
  return new FakeShop(customer({ extension_attributes: { is_subscribed: subscribed } }))
    .answer('GET', '/api/ext/newsletter', () => reply(200, { code: 200, result: now }))
    .answer('POST', '/api/ext/newsletter', () => {
      now = now === 'subscribed' ? 'subscribed' : 'pending';
      return reply(200, { code: 200, result: now });
    })
    .answer('DELETE', '/api/ext/newsletter', () => {
      if (now === 'subscribed') now = 'unsubscribed';
      return reply(200, { code: 200, result: now });
    });
}

let queue: ReturnType<typeof fakeSyncQueue> | null = null;
afterEach(() => {
  queue?.stop();
  queue = null;
});

/** The fake shop as `fetch`, and the shell's queue in front of it: the page's changes are queued (spec §7). */
function startShopAndQueue(shop: FakeShop) {
  startShop(shop);
  queue = fakeSyncQueue(shop);
}

test('not subscribed: the consent must be ticked; subscribing sends it and says a confirmation e-mail was sent', async () => {
  const shop = newsletterShop('unsubscribed');
  startShopAndQueue(shop);
  await renderRemote(<NewsletterPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText('Adres anna@example.pl nie jest zapisany do newslettera.')).toBeInTheDocument();
  expect(shop.sent('GET', '/api/ext/newsletter')[0].query).toEqual({ email: 'anna@example.pl' });
  const consent = screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT.text });
  expect(consent).not.toBeChecked();

  await userEvent.click(screen.getByRole('button', { name: 'Zapisz się do newslettera' }));
  expect(consent).toHaveFocus();
  expect(consent).toHaveAccessibleDescription('Zaznacz zgodę, aby zapisać się do newslettera.');
  expect(shop.sent('POST', '/api/ext/newsletter')).toHaveLength(0);

  await userEvent.click(consent);
  await userEvent.click(screen.getByRole('button', { name: 'Zapisz się do newslettera' }));
  expect(shop.sent('POST', '/api/ext/newsletter')[0].body).toEqual({ email: 'anna@example.pl', consentVersion: NEWSLETTER_CONSENT.version, source: 'account' });
  expect(await screen.findByText(/Wysłaliśmy wiadomość z linkiem potwierdzającym\. .* jest ważny 48 godzin\./)).toBeInTheDocument();
  expect(screen.getByText(/Adres anna@example.pl czeka na potwierdzenie/)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Twoja subskrypcja' })).toHaveFocus();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  await waitFor(() => expect(shop.sent('POST', '/api/user/me')[0]?.body).toEqual({ customer: { extension_attributes: { is_subscribed: true } } }));
  await waitFor(() => expect($session.get().user?.isSubscribed).toBe(true));
});

test('subscribed: unsubscribing sends the e-mail and clears the account flag', async () => {
  const shop = newsletterShop('subscribed');
  startShopAndQueue(shop);
  await renderRemote(<NewsletterPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText('Adres anna@example.pl jest zapisany do newslettera.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Wypisz się z newslettera' }));
  expect(shop.sent('DELETE', '/api/ext/newsletter')[0].body).toEqual({ email: 'anna@example.pl' });
  expect(await screen.findByText('Wypisaliśmy adres anna@example.pl z newslettera.')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT.text })).not.toBeChecked();
  await waitFor(() => expect(shop.sent('POST', '/api/user/me')[0]?.body).toEqual({ customer: { extension_attributes: { is_subscribed: false } } }));
});

test('waiting for confirmation: said so, nothing to click', async () => {
  startShop(newsletterShop('pending', true));
  await renderRemote(<NewsletterPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByText(/Adres anna@example.pl czeka na potwierdzenie/)).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('a status the API cannot give is said, not guessed', async () => {
  startShop(new FakeShop(customer()).answer('GET', '/api/ext/newsletter', () => reply(503, { code: 503, result: 'Something went wrong' })));
  await renderRemote(<NewsletterPage />, ACCOUNT_NAMESPACE);
  expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się sprawdzić statusu subskrypcji.');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('the consent wording is the published one in Polish and names the company and the address in every language', () => {
  expect(profilePl['profile.newsletter.consent']).toBe(NEWSLETTER_CONSENT.text);
  for (const words of [profileEn, profileDe, profileIt]) expect(words['profile.newsletter.consent']).toMatch(/Kaloryfer sp\. z o\.o\..*sklep@kaloryfer\.pl/);
});
