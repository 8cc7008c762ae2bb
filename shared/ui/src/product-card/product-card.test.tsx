import { renderRemote } from '../testing/render-remote';
import { screen, within } from '@testing-library/react';
import type { CardProduct } from './card-fields';
import { ProductCard } from './product-card';

const namespace = { name: 'none', loaders: { 'pl-PL': async () => ({}) } };
const valve: CardProduct = {
  id: 7,
  sku: 'KF-ZT-01',
  name: 'Zawór termostatyczny',
  slug: 'zawor-termostatyczny',
  type_id: 'simple',
  image: '/product/zawor.jpg',
  final_price_incl_tax: 89.9,
};

test('a product at its regular price: picture, name linking to its page, price; no Omnibus line', async () => {
  await renderRemote(<ProductCard product={valve} />, namespace);
  const card = screen.getByRole('article', { name: 'Zawór termostatyczny' });
  expect(within(card).getByRole('link')).toHaveAttribute('href', '/p/KF-ZT-01/zawor-termostatyczny');
  expect(card.querySelector('img')).toHaveAttribute('src', '/img/255/255/resize/product/zawor.jpg');
  expect(within(card).getByText(/^89,90\szł$/)).toBeInTheDocument();
  expect(card.querySelector('del')).toBeNull();
  expect(within(card).queryByText(/Najniższa cena/)).toBeNull();
});

test('a reduced product with variants: "od", the crossed regular price and the lowest price of 30 days (Omnibus)', async () => {
  await renderRemote(
    <ProductCard product={{ ...valve, type_id: 'configurable', final_price_incl_tax: 999, original_price_incl_tax: 1199, lowest_price_30d: 1049 }}>
      <p>500 W</p>
    </ProductCard>,
    namespace,
  );
  const card = screen.getByRole('article', { name: 'Zawór termostatyczny' });
  expect(within(card).getByText(/^od 999,00\szł$/)).toHaveClass('price-reduced');
  expect(card.querySelector('del')).toHaveAccessibleName(/^Cena regularna 1\s199,00\szł$/);
  expect(within(card).getByText(/^Najniższa cena z 30 dni przed obniżką: 1\s049,00\szł$/)).toBeInTheDocument();
  expect(within(card).getByText('500 W')).toBeInTheDocument();
});
