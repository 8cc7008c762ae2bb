/** @jest-environment node */
import type { RegionRequest } from '@kaloryfer/contracts';
import { createServerRender } from '../rendering/server/create-server-render';
import { NewsletterSignup } from './newsletter-signup';

/** As the footer carries it: rendered on the page server, no code in the browser; the outcome read from the request's query. */
const render = createServerRender({
  namespace: { name: 'none', loaders: { 'pl-PL': async () => ({}), 'en-US': async () => ({}), 'de-DE': async () => ({}), 'it-IT': async () => ({}) } },
  regions: { './Footer': { render: () => <NewsletterSignup />, interactive: false } },
});
const request = (search: string, language = 'pl-PL'): RegionRequest => ({
  module: './Footer',
  path: '/porady',
  search,
  language,
  cookies: {},
  apiOrigin: 'http://127.0.0.1:3000',
  publicOrigin: 'https://shop.test',
});

test('the server render reads ?newsletter= and says "check your inbox" in a status; the checkbox is unticked; no browser code', async () => {
  const result = await render(request('?newsletter=check-inbox'));
  expect(result.interactive).toBe(false);
  const form = /<form [^>]*>/.exec(result.html)![0];
  expect(form).toContain('method="post"');
  expect(form).toContain('action="/api/ext/newsletter/form"');
  expect(result.html).toMatch(
    /<p id="newsletter-status" role="status" class="newsletter-status">Sprawdź skrzynkę: wysłaliśmy link potwierdzający\. .*48.* godzin\)\.<\/p>/,
  );
  expect(result.html).not.toContain('checked');
  expect(result.html).not.toContain('<script');
});

test('other languages, other outcomes; nothing without the query', async () => {
  expect((await render(request('?newsletter=link-expired', 'en-US'))).html).toContain('The confirmation link has expired');
  expect((await render(request('?newsletter=invalid-email', 'de-DE'))).html).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein');
  expect((await render(request(''))).html).toContain('<p id="newsletter-status" role="status" class="newsletter-status"></p>');
});
