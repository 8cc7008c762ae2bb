import type { SearchAnswer } from '@kaloryfer/api-contract';
import { renderRemote } from '@kaloryfer/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CATALOG_NAMESPACE } from '../i18n/namespace';
import { attribute } from '../testing/catalog-answers';
import { FilterPanel } from './filter-panel';
import { listingQueryString, parseListingQuery } from './route-filters';

/**
 * Filters ↔ URL in the DOM: the panel is drawn from the route query, and each click writes the
 * next canonical query — the same loop CategoryPage runs through navigation:requested.
 */
const aggregations: SearchAnswer['aggregations'] = {
  agg_terms_sale: {
    buckets: [
      { key: '0', doc_count: 80 },
      { key: '1', doc_count: 12 },
    ],
  },
  agg_terms_new: { buckets: [{ key: '0', doc_count: 92 }] },
  agg_terms_delivery: {
    buckets: [
      { key: '24h', doc_count: 30 },
      { key: '7-14', doc_count: 8 },
    ],
  },
  agg_terms_color: {
    buckets: [
      { key: '49', doc_count: 9 },
      { key: '52', doc_count: 4 },
    ],
  },
  agg_range_width: {
    buckets: [
      { key: '400.0-600.0', from: 400, to: 600, doc_count: 14 },
      { key: '600.0-800.0', from: 600, to: 800, doc_count: 7 },
    ],
  },
};
const colour = attribute({
  attribute_id: 93,
  attribute_code: 'color',
  frontend_label: 'Kolor',
  frontend_input: 'select',
  is_filterable: true,
  is_comparable: true,
  options: [
    { value: '49', label: 'Biały', sort_order: 1, swatch: '#f4f4f0' },
    { value: '52', label: 'Antracyt', sort_order: 2, swatch: '#383e42' },
  ],
});

let url = '';
function Harness({ start }: { start: string }) {
  const [search, setSearch] = useState(start);
  return (
    <FilterPanel
      filters={parseListingQuery(search)}
      aggregations={aggregations}
      attributes={[colour]}
      onChange={(next) => {
        url = listingQueryString(next);
        setSearch(url);
      }}
    />
  );
}

test('the query shows as checked controls, and each click writes the next canonical query', async () => {
  await renderRemote(<Harness start="?delivery=24h&width=400-600&sort=price:asc" />, CATALOG_NAMESPACE);
  const delivery = screen.getByRole('group', { name: 'Czas dostawy' });
  expect(within(delivery).getByRole('radio', { name: /Wysyłka w 24 h/ })).toBeChecked();
  const width = screen.getByRole('group', { name: 'Szerokość' });
  expect(within(width).getByRole('radio', { name: '400–600 mm (14)' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Nowości/ })).toBeDisabled(); // no new products among these

  await userEvent.click(screen.getByRole('checkbox', { name: 'Promocje (12)' }));
  expect(url).toBe('?sale=true&delivery=24h&width=400-600&sort=price:asc');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Antracyt (4)' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Biały (9)' }));
  expect(url).toBe('?sale=true&delivery=24h&width=400-600&color=49,52&sort=price:asc');
  expect(screen.getByRole('checkbox', { name: 'Biały (9)' })).toBeChecked();

  await userEvent.click(within(width).getByRole('radio', { name: 'Dowolny' }));
  await userEvent.click(within(delivery).getByRole('radio', { name: 'Dowolny' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Antracyt (4)' }));
  expect(url).toBe('?sale=true&color=49&sort=price:asc');
  expect(within(width).getByRole('radio', { name: 'Dowolny' })).toBeChecked();
});

test('a query value the listing does not know is dropped, never shown as a filter', async () => {
  await renderRemote(<Harness start="?width=1-2&delivery=jutro&color=abc" />, CATALOG_NAMESPACE);
  expect(within(screen.getByRole('group', { name: 'Szerokość' })).getByRole('radio', { name: 'Dowolny' })).toBeChecked();
  expect(within(screen.getByRole('group', { name: 'Czas dostawy' })).getByRole('radio', { name: 'Dowolny' })).toBeChecked();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Biały (9)' }));
  expect(url).toBe('?color=49');
});
