import { $wishlist, wishlistAddRequested } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { startWishlistOwner } from '../state/wishlist-owner';
import { WishlistPanel } from './wishlist-panel';

test('the panel lists wished products with links and removes one with its own labelled button', async () => {
  startWishlistOwner();
  await renderRemote(<WishlistPanel />, ACCOUNT_NAMESPACE);
  expect(screen.getByRole('button', { name: 'Lista życzeń: 0 produktów na liście życzeń' })).toBeInTheDocument();
  act(() => {
    wishlistAddRequested.emit({ sku: 'KAL-WEN', parentSku: 'KAL-WEN', name: 'Wenus', slug: 'wenus', image: '/catalog/wenus.svg' });
    wishlistAddRequested.emit({ sku: 'KAL-ORI', parentSku: 'KAL-ORI', name: 'Orion', slug: 'orion' });
  });
  await userEvent.click(screen.getByRole('button', { name: 'Lista życzeń: 2 produkty na liście życzeń' }));
  const panel = screen.getByRole('dialog', { name: 'Lista życzeń' });
  expect(within(panel).getByRole('link', { name: 'Wenus' })).toHaveAttribute('href', '/p/KAL-WEN/wenus');
  await userEvent.click(within(panel).getByRole('button', { name: 'Usuń Wenus z listy życzeń' }));
  expect(within(panel).queryByRole('link', { name: 'Wenus' })).not.toBeInTheDocument();
  expect($wishlist.get().map((item) => item.name)).toEqual(['Orion']);
});

test('the open panel keeps Tab inside; Escape closes it and gives focus back to its button', async () => {
  startWishlistOwner();
  await renderRemote(<WishlistPanel />, ACCOUNT_NAMESPACE);
  act(() => wishlistAddRequested.emit({ sku: 'KAL-WEN', parentSku: 'KAL-WEN', name: 'Wenus', slug: 'wenus' })); // the last item
  const opener = screen.getByRole('button', { name: /^Lista życzeń: / });
  await userEvent.click(opener);
  const panel = screen.getByRole('dialog', { name: 'Lista życzeń' });
  const close = within(panel).getByRole('button', { name: 'Zamknij' });
  const lastControl = within(panel).getByRole('button', { name: 'Usuń Wenus z listy życzeń' });
  await userEvent.tab();
  expect(close).toHaveFocus();
  await userEvent.tab({ shift: true }); // before the first control: round to the last, not out to the page
  expect(lastControl).toHaveFocus();
  await userEvent.tab();
  expect(close).toHaveFocus();
  for (let step = 0; step < 8; step += 1) {
    await userEvent.tab();
    expect(panel).toContainElement(document.activeElement as HTMLElement);
  }
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});
