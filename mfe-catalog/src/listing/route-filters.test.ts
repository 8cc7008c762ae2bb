import {
  activeFilterCount,
  listingQueryString,
  NO_FILTERS,
  parseListingQuery,
  toggleOption,
  toggleRange,
  RANGE_FILTERS,
  type ListingFilters,
} from './route-filters';
import { listingRequest } from './listing-request';

describe('filters ↔ route query (spec §2)', () => {
  test.each([
    ['', NO_FILTERS],
    ['?sale=true&rightAway=true&new=true', { ...NO_FILTERS, sale: true, rightAway: true, new: true }],
    ['?query=grzejnik+%C5%82azienkowy', { ...NO_FILTERS, query: 'grzejnik łazienkowy' }],
    ['?delivery=7-14', { ...NO_FILTERS, delivery: '7-14' }],
    ['?width=600-800&height=1600-', { ...NO_FILTERS, ranges: { width: { from: 600, to: 800 }, height: { from: 1600, to: null } } }],
    ['?price=0-500&power=3000-', { ...NO_FILTERS, ranges: { price: { from: 0, to: 500 }, power: { from: 3000, to: null } } }],
    ['?color=101,104&manufacturer=201', { ...NO_FILTERS, attributes: { color: [101, 104], manufacturer: [201] } }],
    ['?sort=price:asc', { ...NO_FILTERS, sort: 'price:asc' }],
    ['?output=960&sort=heat_output:desc', { ...NO_FILTERS, output: 960, sort: 'heat_output:desc' }],
    ['?width=500', { ...NO_FILTERS, ranges: { width: { from: 500, to: 500 } } }],
    ['?width=500&height=1800', { ...NO_FILTERS, ranges: { width: { from: 500, to: 500 }, height: { from: 1800, to: 1800 } } }],
  ] as [string, ListingFilters][])('%s reads and writes back the same', (query, filters) => {
    expect(parseListingQuery(query)).toEqual(filters);
    expect(listingQueryString(filters)).toBe(query);
  });

  test.each([
    ['unknown delivery bucket', '?delivery=2-3', NO_FILTERS],
    ['24 h written another way', '?delivery=24', NO_FILTERS],
    ['a width that is no bucket', '?width=650-800', NO_FILTERS],
    ['a width that is no number', '?width=500mm', NO_FILTERS],
    ['a negative width', '?width=-500', NO_FILTERS],
    ['sale=1 is not true', '?sale=1', NO_FILTERS],
    ['unknown sort', '?sort=name:asc', NO_FILTERS],
    ['ids that are not numbers', '?color=red,101,,-5', { ...NO_FILTERS, attributes: { color: [101] } }],
    ['spaces around the text', '?query=%20%20drabinka%20', { ...NO_FILTERS, query: 'drabinka' }],
    ['an output of 0 W', '?output=0', NO_FILTERS],
    ['an output that is not whole watts', '?output=960.5', NO_FILTERS],
    ['an output above 20 kW', '?output=25000', NO_FILTERS],
  ])('drops %s', (_name, query, filters) => {
    expect(parseListingQuery(query)).toEqual(filters);
  });

  test('one canonical URL whatever the order the shopper clicked in', () => {
    expect(listingQueryString(parseListingQuery('?color=104,101&sort=view_count:desc&sale=true'))).toBe('?sale=true&color=101,104');
  });

  test('toggling an option adds and removes it; a range is one choice', () => {
    const withRed = toggleOption(NO_FILTERS, 'color', 104);
    expect(toggleOption(withRed, 'color', 101).attributes.color).toEqual([104, 101]);
    expect(toggleOption(withRed, 'color', 104).attributes).toEqual({});
    const narrow = toggleRange(NO_FILTERS, 'width', RANGE_FILTERS.width.buckets[1]);
    expect(toggleRange(narrow, 'width', RANGE_FILTERS.width.buckets[2]).ranges.width).toEqual({ from: 600, to: 800 });
    expect(toggleRange(narrow, 'width', RANGE_FILTERS.width.buckets[1]).ranges).toEqual({});
    expect(activeFilterCount(parseListingQuery('?sale=true&color=101,104&width=600-800&sort=price:asc'))).toBe(4);
  });
});

describe('the listing request', () => {
  const filtersOf = (body: ReturnType<typeof listingRequest>) => body.query._appliedFilters;

  test('one width in the URL filters like a range with one value; a bucket stays half-open', () => {
    expect(filtersOf(listingRequest(9, parseListingQuery('?width=500'), 0, 20, '75/65/20'))).toContainEqual({
      attribute: 'width',
      value: { gte: 500, lte: 500 },
    });
    expect(filtersOf(listingRequest(9, parseListingQuery('?width=600-800'), 0, 20, '75/65/20'))).toContainEqual({
      attribute: 'width',
      value: { gte: 600, lt: 800 },
    });
  });

  test("output filter and sort ask for heat_output at the shopper's temperatures; without them no heatAt is sent", () => {
    const body = listingRequest(9, { ...NO_FILTERS, output: 960, sort: 'heat_output:desc' }, 0, 20, '45/35/20');
    expect(body.heatAt).toBe('45/35/20');
    expect(filtersOf(body)).toContainEqual({ attribute: 'heat_output', value: { gte: 960 } });
    expect(body.sort).toBe('heat_output:desc');
    expect(listingRequest(9, NO_FILTERS, 0, 20, '45/35/20').heatAt).toBeUndefined();
    expect(listingRequest(9, { ...NO_FILTERS, sort: 'heat_output:desc' }, 0, 20, '55/45/24').heatAt).toBe('55/45/24');
  });

  test('listed products of the category, 20 from start, default sort view_count desc', () => {
    const body = listingRequest(6, NO_FILTERS, 40);
    expect(body).toMatchObject({ from: 40, size: 20, sort: 'view_count:desc' });
    expect(filtersOf(body)).toEqual([
      { attribute: 'visibility', value: { in: [2, 3, 4] } },
      { attribute: 'status', value: { in: [0, 1] } },
      { attribute: 'stock.is_in_stock', value: { eq: true } },
      { attribute: 'category_ids', value: { in: [6] } },
    ]);
  });

  test('every route filter becomes a catalogue filter; ranges are [from, to)', () => {
    const body = listingRequest(3, parseListingQuery('?sale=true&rightAway=true&new=true&delivery=7-14&width=600-800&price=5000-&color=101&query=drabinka'), 0);
    expect(filtersOf(body)!.slice(4)).toEqual([
      { attribute: 'sale', value: { eq: true } },
      { attribute: 'new', value: { eq: true } },
      { attribute: 'delivery', value: { in: ['24h'] } },
      { attribute: 'delivery', value: { in: ['7-14'] } },
      { attribute: 'color', value: { in: [101] } },
      { attribute: 'price', value: { gte: 5000 } },
      { attribute: 'width', value: { gte: 600, lt: 800 } },
    ]);
    expect(body.query._searchText).toBe('drabinka');
    // With text and no chosen sort, relevance orders the results.
    expect(body.sort).toBe('');
  });
});
