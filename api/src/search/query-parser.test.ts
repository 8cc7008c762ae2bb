import { parseSearch, parseSort, SearchQueryError } from './query-parser';

const PRODUCT_SIZE = 'size must be a whole number from 1 to 200 (products per request; up to 999 with _source_exclude=* for facets only)';
const parse = (overrides: Record<string, unknown>) => parseSearch({ type: 'product', query: {}, ...overrides });

describe('search query parsing (spec §7)', () => {
  test('defaults: size 50, from 0, no filters', () => {
    expect(parse({})).toMatchObject({
      type: 'product',
      from: 0,
      size: 50,
      filters: [],
      facets: [],
      sort: [],
      text: '',
      include: null,
      exclude: null,
      groupId: null,
    });
  });

  test.each([
    [{ attribute: 'color', value: 104 }, [{ field: 'color', op: 'in', values: [104] }]],
    [{ attribute: 'color', value: [104, 105] }, [{ field: 'color', op: 'in', values: [104, 105] }]],
    [{ attribute: 'color', value: { in: [104] } }, [{ field: 'color', op: 'in', values: [104] }]],
    [{ attribute: 'bestseller', value: { eq: 1 } }, [{ field: 'bestseller', op: 'in', values: [1] }]],
    [{ attribute: 'type_id', value: { neq: 'virtual' } }, [{ field: 'type_id', op: 'nin', values: ['virtual'] }]],
    [{ attribute: 'price', value: { gte: 500, lt: 1500 } }, [{ field: 'price', op: 'range', gte: 500, lt: 1500 }]],
    [{ attribute: 'news_to_date', value: { gte: '2026-11-21' } }, [{ field: 'news_to_date', op: 'range', gte: '2026-11-21' }]],
    [{ attribute: 'identifier', value: { like: 'home-usp' } }, [{ field: 'identifier', op: 'like', pattern: 'home-usp' }]],
    // VSF's cmsBlock/list sends its identifiers as one like list: any of them.
    [
      { attribute: 'identifier', value: { like: ['footer', 'home-usp'] }, scope: 'default' },
      [
        {
          field: 'identifier',
          op: 'any',
          of: [
            { field: 'identifier', op: 'like', pattern: 'footer' },
            { field: 'identifier', op: 'like', pattern: 'home-usp' },
          ],
        },
      ],
    ],
    [{ attribute: 'image', value: { exists: true } }, [{ field: 'image', op: 'exists', exists: true }]],
    [{ attribute: 'delivery', value: { in: ['24h', '31-60'] } }, [{ field: 'delivery', op: 'in', values: ['24h', '31-60'] }]],
  ])('filter %j', (filter, expected) => {
    expect(parse({ query: { _appliedFilters: [filter] } }).filters).toEqual(expected);
  });

  test.each([
    [{ size: 0 }, PRODUCT_SIZE],
    [{ size: -5 }, PRODUCT_SIZE],
    [{ size: 2.5 }, PRODUCT_SIZE],
    [{ size: 'many' }, PRODUCT_SIZE],
    [{ size: 201 }, PRODUCT_SIZE],
    [{ size: Infinity }, PRODUCT_SIZE],
    [{ size: '1e309' }, PRODUCT_SIZE],
    [{ size: 1000, exclude: '*' }, 'size must be a whole number from 1 to 999 (facets only)'],
    [{ type: 'category', size: 4001 }, 'size must be a whole number from 1 to 4000'],
    [{ type: 'review', size: 51 }, 'size must be a whole number from 1 to 50'],
    [{ include: ['name;drop'] }, '_sourceInclude must be field names or patterns (letters, digits, _, . and *), got "name;drop"'],
    [
      { query: { _appliedFilters: [{ attribute: 'identifier', value: { like: [] } }] } },
      'filter identifier.like must be a text of 1 to 128 characters, or a list of 1 to 50 of them',
    ],
    [{ from: -1 }, 'from must be a whole number from 0 to 1000000'],
    [{ type: 'orders' }, 'type must be one of product, category, attribute, taxrule, cms_page, cms_block, cms_hierarchy, review'],
    [{ type: 'cms_block', size: 501 }, 'size must be a whole number from 1 to 500'],
    [{ query: '{not json' }, 'request must be JSON (the search query)'],
    [{ query: [] }, 'the search query must be an object'],
    [
      { query: { _appliedFilters: [{ attribute: 'price', value: { between: [1, 2] } }] } },
      'filter price: unsupported operator "between" (use in, nin, eq, neq, gt, gte, lt, lte, like, exists)',
    ],
    [{ query: { _appliedFilters: [{ attribute: 'delivery', value: { in: ['1-6'] } }] } }, 'delivery accepts only 24h, 7-14, 15-30, 31-60, got "1-6"'],
    [
      { query: { _appliedFilters: [{ attribute: 'color;drop', value: 1 }] } },
      'filter attribute must be a field name (letters, digits, _ and .), got "color;drop"',
    ],
    [{ query: { _appliedFilters: [{ attribute: 'color', value: { in: [] } }] } }, 'filter color.in needs at least one value'],
    [{ query: { _appliedFilters: [{ attribute: 'color', value: { in: [{}] } }] } }, 'filter color.in values must be strings, numbers or booleans'],
    [{ query: { _appliedFilters: [{ attribute: 'price', value: { gte: [1] } }] } }, 'filter price.gte must be a number or a date'],
    [{ query: { _searchText: 'x'.repeat(201) } }, '_searchText must be a text of at most 200 characters'],
    [{ sort: 'price:sideways' }, 'sort price: order must be asc or desc'],
    [
      { query: { _availableFilters: [{ field: 'price', options: { range: 'cheap' } }] } },
      'facet price: options.range must be a list of 1 to 50 {from, to} buckets',
    ],
    [{ groupId: 'vip' }, 'groupId must be a whole number from 0 to 32000'],
  ])('%j → 400 "%s"', (overrides, message) => {
    expect(() => parse(overrides)).toThrow(new SearchQueryError(message));
  });

  test('a too long value list is refused (max filters query size 999)', () => {
    const values = Array.from({ length: 1000 }, (_, index) => index);
    expect(() => parse({ query: { _appliedFilters: [{ attribute: 'id', value: { in: values } }] } })).toThrow('filter id.in takes at most 999 values');
  });

  test('facets: terms by default with size 30; the spec ranges for price, power, width and height', () => {
    const facets = parse({
      query: {
        _availableFilters: [
          { field: 'color' },
          'price',
          { field: 'power_75_65_20' },
          { field: 'width', options: { range: [{ from: 0, to: 500 }, { from: 500 }] } },
        ],
      },
    }).facets;
    expect(facets[0]).toEqual({ field: 'color', size: 30 });
    expect(facets[1].ranges?.map((range) => [range.from, range.to])).toEqual([
      [0, 500],
      [500, 1500],
      [1500, 3000],
      [3000, 5000],
      [5000, null],
    ]);
    expect(facets[2].ranges).toHaveLength(7);
    expect(facets[3].ranges).toEqual([
      { from: 0, to: 500 },
      { from: 500, to: null },
    ]);
  });

  test.each([
    ['price:asc', [{ field: 'price', order: 'asc' }]],
    [
      'price:desc,id:asc',
      [
        { field: 'price', order: 'desc' },
        { field: 'id', order: 'asc' },
      ],
    ],
    ['view_count', [{ field: 'view_count', order: 'asc' }]],
    [[{ field: 'id', options: 'desc' }], [{ field: 'id', order: 'desc' }]],
    [{ position: 'asc' }, [{ field: 'position', order: 'asc' }]],
    ['', []],
  ])('sort %j', (raw, expected) => {
    expect(parseSort(raw)).toEqual(expected);
  });

  test('the query string and the body agree: _appliedSort is used when no sort parameter is given', () => {
    expect(parse({ query: JSON.stringify({ _appliedSort: [{ field: 'price', options: 'desc' }], _searchText: '  zawór ' }) })).toMatchObject({
      sort: [{ field: 'price', order: 'desc' }],
      text: 'zawór',
    });
  });

  test('include and exclude accept lists and comma strings', () => {
    expect(parse({ include: 'sku, name,configurable_children.sku', exclude: ['description'] })).toMatchObject({
      include: ['sku', 'name', 'configurable_children.sku'],
      exclude: ['description'],
    });
  });

  describe("heat_output is the output at the shopper's temperatures (heatAt)", () => {
    test.each([
      [undefined, 'heat_output@75/65/20'],
      ['55/45/20', 'heat_output@55/45/20'],
      ['45-35-24', 'heat_output@45/35/24'],
    ])('heatAt %s → filters and sorts read %s', (heatAt, field) => {
      const request = parse({
        heatAt,
        sort: 'heat_output:desc',
        query: {
          _appliedFilters: [
            { attribute: 'heat_output', value: { gte: 800 } },
            { attribute: 'color', value: 1 },
          ],
        },
      });
      expect(request.filters).toEqual([
        { field, op: 'range', gte: 800 },
        { field: 'color', op: 'in', values: [1] },
      ]);
      expect(request.sort).toEqual([{ field, order: 'desc' }]);
    });

    test.each([
      ['45/35', 'heatAt must be supply/return/room in °C such as "55/45/20"'],
      ['45/35/35', 'heatAt must be supply/return/room in °C such as "55/45/20": room must be from 10 to 30 °C'],
      ['40/45/20', 'heatAt must be supply/return/room in °C such as "55/45/20": return cannot be warmer than supply'],
      [55, 'heatAt must be supply/return/room in °C such as "55/45/20"'],
    ])('heatAt %j is refused: %s', (heatAt, message) => {
      expect(() => parse({ heatAt })).toThrow(new SearchQueryError(message));
    });

    test('a client cannot name a derived column itself', () => {
      expect(() => parse({ query: { _appliedFilters: [{ attribute: 'heat_output@1/1/1', value: { gte: 1 } }] } })).toThrow(SearchQueryError);
    });
  });
});
