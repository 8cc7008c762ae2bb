import { renderRemote } from '@kaloryfer/ui/testing';
import { screen } from '@testing-library/react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import type { ListedTile } from '../listing/listing-request';
import { ProductTile } from './product-tile';

const text = (element: Element) => element.textContent!.replace(/\s/g, ' ');
/** A listing's product, as the search answers TILE_FIELDS. */
const tile = (prices: Partial<ListedTile>): ListedTile => ({
  id: 7,
  sku: 'KF-GD-0007',
  name: 'Grzejnik dekoracyjny Lumen',
  slug: 'grzejnik-dekoracyjny-lumen',
  url_path: 'grzejnik-dekoracyjny-lumen',
  type_id: 'simple',
  image: '/product/x.svg',
  stock: { is_in_stock: true, qty: 4, manage_stock: true, is_volatile: false, min_sale_qty: 1, max_sale_qty: 4 },
  ...prices,
});

describe("a listing tile's price (docs/polish-market.md: wherever a reduction is shown, the Omnibus line is too)", () => {
  test('reduced: the crossed regular price and the lowest price of the 30 days before the reduction', async () => {
    await renderRemote(
      <ProductTile product={tile({ final_price_incl_tax: 2609, original_price_incl_tax: 2899, lowest_price_30d: 2749 })} />,
      CATALOG_NAMESPACE,
    );
    expect(text(screen.getByText('2 609,00 zł'))).toBe('2 609,00 zł');
    expect(screen.getByLabelText('Cena regularna 2 899,00 zł').tagName).toBe('DEL');
    expect(text(screen.getByText(/^Najniższa cena z 30 dni/))).toBe('Najniższa cena z 30 dni przed obniżką: 2 749,00 zł');
  });

  test('a regular price: nothing crossed, no Omnibus line', async () => {
    await renderRemote(
      <ProductTile product={tile({ final_price_incl_tax: 12345, original_price_incl_tax: 12345, lowest_price_30d: 12345 })} />,
      CATALOG_NAMESPACE,
    );
    expect(text(screen.getByText('12 345,00 zł'))).toBe('12 345,00 zł');
    expect(document.querySelector('del')).toBeNull();
    expect(screen.queryByText(/Najniższa cena/)).toBeNull();
  });
});
