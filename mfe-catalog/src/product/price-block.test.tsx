import { renderRemote } from '@kaloryfer/ui/testing';
import { screen } from '@testing-library/react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { PriceBlock } from './price-block';

const text = (element: HTMLElement) => element.textContent!.replace(/\s/g, ' ');

describe('price block (docs/polish-market.md: Omnibus)', () => {
  test('a reduced price: final gross, the crossed regular price and the lowest price of 30 days', async () => {
    await renderRemote(<PriceBlock prices={{ final_price_incl_tax: 1099, original_price_incl_tax: 1299, lowest_price_30d: 1149 }} />, CATALOG_NAMESPACE);
    expect(text(screen.getByText('1 099,00 zł'))).toBe('1 099,00 zł');
    expect(screen.getByLabelText('Cena regularna 1 299,00 zł').tagName).toBe('DEL');
    expect(text(screen.getByText(/^Najniższa cena z 30 dni przed obniżką/))).toBe('Najniższa cena z 30 dni przed obniżką: 1 149,00 zł');
  });

  test('a regular price has no crossed price and no Omnibus line; tiers list the unit price', async () => {
    await renderRemote(
      <PriceBlock
        prices={{ final_price_incl_tax: 1000, original_price_incl_tax: 1000, lowest_price_30d: 1000 }}
        tiers={[
          { customer_group_id: 32000, qty: 5, percentage_value: 3 },
          { customer_group_id: 32000, qty: 2, percentage_value: 1 },
        ]}
      />,
      CATALOG_NAMESPACE,
    );
    expect(screen.queryByText(/Najniższa cena/)).toBeNull();
    expect(document.querySelector('del')).toBeNull();
    expect(screen.getAllByRole('listitem').map(text)).toEqual(['od 2 szt.: −1% (990,00 zł/szt.)', 'od 5 szt.: −3% (970,00 zł/szt.)']);
  });
});
