import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import { forgetCmsAnswers } from '../cms/cms-api';
import { standInCmsApi } from '../cms/testing/cms-test-api';
import { CONTENT_NAMESPACE } from '../i18n/namespace';
import { Footer } from './footer.exposed';

/** The footer as a shopper reads it, from the stand-in CMS. */
test("the shop's pages from the CMS, the contact block, advice and the payment and delivery marks", async () => {
  const sent = standInCmsApi();
  await renderRemote(<Footer />, CONTENT_NAMESPACE);
  const pages = screen.getByRole('navigation', { name: 'Pomoc' });
  await within(pages).findByRole('link', { name: 'Regulamin sklepu' });
  expect(
    within(pages)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Regulamin sklepu', '/i/regulamin'],
    ['Dostawa', '/i/dostawa'],
    ['Zwroty i reklamacje', '/i/zwroty'],
  ]);

  expect(screen.getByRole('heading', { level: 2, name: 'Kontakt' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+48 123 456 789' })).toHaveAttribute('href', 'tel:+48123456789');
  expect(screen.getByRole('link', { name: 'sklep@kaloryfer.pl' })).toHaveAttribute('href', 'mailto:sklep@kaloryfer.pl');

  expect(within(screen.getByRole('navigation', { name: 'Porady' })).getByRole('link', { name: 'Porady' })).toHaveAttribute('href', '/porady');
  for (const name of ['BLIK', 'PayU', 'Visa', 'Mastercard', 'InPost', 'DPD']) expect(screen.getByRole('img', { name })).toBeInTheDocument();

  // One request for the pages, one for the footer's blocks.
  expect(sent.map((url) => `${url.pathname}${url.search}`).sort()).toEqual(['/api/cms/blocks?like=footer-', '/api/cms/hierarchy/informacje']);
});

test("without the hierarchy the footer still leads to the pages' overview", async () => {
  forgetCmsAnswers();
  global.fetch = jest.fn(async () => ({ ok: false, status: 503, statusText: 'Service Unavailable', json: async () => ({}) }) as Response) as typeof fetch;
  await renderRemote(<Footer />, CONTENT_NAMESPACE);
  const pages = screen.getByRole('navigation', { name: 'Pomoc' });
  expect(await within(pages).findByRole('link', { name: 'Informacje dla klienta' })).toHaveAttribute('href', '/i/informacje');
  expect(screen.queryByRole('heading', { name: 'Kontakt' })).not.toBeInTheDocument();
});
