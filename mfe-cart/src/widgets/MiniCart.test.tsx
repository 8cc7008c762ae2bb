import { claimWriter, closePanelsRequested, panelOpened } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/src/testing/render-remote';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_NAMESPACE } from '../i18n/namespace';
import { MiniCart } from './MiniCart';

test('counts quantities with Polish plurals and opens the microcart with the overlay', async () => {
  const cart = claimWriter('cart', 'mfe-cart');
  const opened: string[] = [];
  const off = panelOpened.on(({ panel }) => opened.push(panel));
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  expect(screen.getByRole('button', { name: 'Koszyk: 0 produktów w koszyku' })).toBeInTheDocument();
  act(() => cart.set({ items: [{ sku: 'KAL-1', name: 'Wenus', qty: 2, priceInclTax: 999 }], itemsCount: 2, grandTotal: 1998, isLoaded: true }));
  const button = screen.getByRole('button', { name: 'Koszyk: 2 produkty w koszyku' });
  await userEvent.click(button);
  expect(opened).toEqual(['microcart']);
  expect(screen.getByRole('dialog', { name: 'Twój koszyk' })).toHaveTextContent('Wenus × 2');
  expect(screen.getByRole('link', { name: 'Przejdź do kasy' })).toHaveAttribute('href', '/checkout');
  act(() => closePanelsRequested.emit({}));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(button).toHaveFocus();
  off();
});

test('an empty cart says so', async () => {
  claimWriter('cart', 'mfe-cart').set({ items: [], itemsCount: 0, grandTotal: null, isLoaded: true });
  await renderRemote(<MiniCart />, CART_NAMESPACE);
  await userEvent.click(screen.getByRole('button', { name: /Koszyk/ }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Twój koszyk jest pusty.');
});
