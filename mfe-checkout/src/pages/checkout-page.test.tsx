import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';
import { screen } from '@testing-library/react';
import { CHECKOUT_NAMESPACE } from '../i18n/namespace';
import { CheckoutPage } from './checkout-page';
import { stepFromHash } from './checkout-steps';

test('entering with an empty cart shows the spec message and a way back', async () => {
  claimWriter('cart', 'mfe-cart').set({ items: [], itemsCount: 0, grandTotal: null, isLoaded: true, cartId: null, totals: null, syncing: false });
  await renderRemote(<CheckoutPage hash="" />, CHECKOUT_NAMESPACE);
  expect(screen.getByRole('alert')).toHaveTextContent('Koszyk jest pusty, dodaj produkty przed przejściem do kasy');
  expect(screen.getByRole('link', { name: 'Wróć do zakupów' })).toHaveAttribute('href', '/');
});

test('with items the current step follows the hash', async () => {
  claimWriter('cart', 'mfe-cart').set({
    items: [{ sku: 'A', name: 'A', qty: 1, priceInclTax: 10, rowTotalInclTax: 10, typeId: 'simple', options: [] }],
    itemsCount: 1, grandTotal: 10, isLoaded: true, cartId: 'c'.repeat(24), totals: null, syncing: false,
  });
  await renderRemote(<CheckoutPage hash="#payment" />, CHECKOUT_NAMESPACE);
  expect(screen.getByText('Płatność')).toHaveAttribute('aria-current', 'step');
});

test.each([['', 'personal'], ['#shipping', 'shipping'], ['#payment', 'payment'], ['#orderReview', 'orderReview'], ['#nonsense', 'personal']])(
  'hash "%s" is step %s', (hash, step) => { expect(stepFromHash(hash)).toBe(step); },
);
