import { claimWriter } from '@kaloryfer/contracts';
import { renderRemote } from '@kaloryfer/ui/testing';
import { act, screen, within } from '@testing-library/react';
import { ACCOUNT_NAMESPACE } from '../../i18n/namespace';
import { RecentlyViewedPage } from './recently-viewed-page';

const recentlyViewed = claimWriter('recentlyViewed', 'mfe-catalog');

beforeEach(() => recentlyViewed.set([]));

test('the products looked at last, as tiles: picture, name linked to the product, price when known', async () => {
  recentlyViewed.set([
    { sku: 'KAL-WEN', parentSku: 'KAL-WEN', name: 'Grzejnik Wenus', slug: 'wenus', image: '/catalog/wenus.jpg', priceInclTax: 1299 } as never,
    { sku: 'KAL-ORI', parentSku: 'KAL-ORI', name: 'Grzejnik Orion', slug: 'orion' },
  ]);
  await renderRemote(<RecentlyViewedPage />, ACCOUNT_NAMESPACE);
  const tiles = screen.getAllByRole('listitem');
  expect(tiles).toHaveLength(2);
  const wenus = within(tiles[0]).getByRole('link', { name: 'Grzejnik Wenus' });
  expect(wenus).toHaveAttribute('href', '/p/KAL-WEN/wenus');
  expect(wenus.querySelector('img')).toHaveAttribute('src', '/img/255/255/resize/catalog/wenus.jpg');
  expect(tiles[0]).toHaveTextContent('1 299,00 zł');
  expect(within(tiles[1]).getByRole('link', { name: 'Grzejnik Orion' })).toHaveAttribute('href', '/p/KAL-ORI/orion');
  expect(tiles[1].querySelector('img')).toBeNull();
  expect(tiles[1]).not.toHaveTextContent('zł');
});

test('nothing viewed yet: the page says so and links to the shop; a product viewed meanwhile appears', async () => {
  await renderRemote(<RecentlyViewedPage />, ACCOUNT_NAMESPACE);
  expect(screen.getByText(/Nie ma tu jeszcze żadnych produktów/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Przejdź do sklepu' })).toHaveAttribute('href', '/');
  act(() => recentlyViewed.set([{ sku: 'KAL-WEN', parentSku: 'KAL-WEN', name: 'Grzejnik Wenus', slug: 'wenus' }]));
  expect(screen.getByRole('link', { name: 'Grzejnik Wenus' })).toBeInTheDocument();
  expect(screen.queryByText(/Nie ma tu jeszcze/)).not.toBeInTheDocument();
});
