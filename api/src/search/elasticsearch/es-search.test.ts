import { SearchQueryError } from '../query-parser';
import { translateAggregations } from './es-aggregations';
import { parseElasticsearchSearch, translateSort } from './es-search';

const parse = (body: Record<string, unknown>, url: Record<string, unknown> = {}) =>
  parseElasticsearchSearch({ type: 'product', query: undefined, ...url }, body);

describe('Elasticsearch aggregations', () => {
  test.each<[string, unknown, object]>([
    [
      'terms with size',
      { agg_terms_color: { terms: { field: 'color', size: 10 } } },
      { facets: [{ field: 'color', size: 10 }], names: { agg_terms_color: 'agg_terms_color' } },
    ],
    [
      'terms without size (Elasticsearch: 10)',
      { colours: { terms: { field: 'color' } } },
      { facets: [{ field: 'color', size: 10 }], names: { colours: 'agg_terms_color' } },
    ],
    [
      'range',
      { agg_range_price: { range: { field: 'price', ranges: [{ from: 0, to: 50 }, { from: 150 }] } } },
      {
        facets: [
          {
            field: 'price',
            size: 2,
            ranges: [
              { from: 0, to: 50 },
              { from: 150, to: null },
            ],
          },
        ],
        names: { agg_range_price: 'agg_range_price' },
      },
    ],
    [
      'terms and range on one field',
      { agg_terms_price: { terms: { field: 'price' } }, agg_range_price: { range: { field: 'price', ranges: [{ to: 100 }] } } },
      {
        facets: [
          { field: 'price', size: 10 },
          { field: 'price', size: 1, ranges: [{ from: null, to: 100 }] },
        ],
        names: { agg_terms_price: 'agg_terms_price', agg_range_price: 'agg_range_price' },
      },
    ],
  ])('%s', (_name, aggs, expected) => {
    expect(translateAggregations(aggs)).toEqual(expected);
  });

  test.each<[string, unknown, string]>([
    [
      'max (VSF aggregate.maxPrice)',
      { agg_max_price: { max: { field: 'price' } } },
      'aggs.agg_max_price: "max" is not supported (supported: terms, range, meta)',
    ],
    ['a sub-aggregation', { a: { terms: { field: 'color' }, aggs: { b: { terms: { field: 'size' } } } } }, 'aggs.a: "aggs" is not supported'],
    ['terms ordered by key', { a: { terms: { field: 'color', order: { _key: 'asc' } } } }, 'aggs.a.terms.order: only {"_count": "desc"} is supported'],
    ['a range without ranges', { a: { range: { field: 'price' } } }, 'aggs.a.range.ranges must be a list of 1 to 50 {from, to}'],
    [
      'two different terms on one field',
      { a: { terms: { field: 'color', size: 5 } }, b: { terms: { field: 'color', size: 9 } } },
      'aggs: two different terms aggregations on color are not supported',
    ],
  ])('refused: %s', (_name, aggs, message) => {
    expect(() => translateAggregations(aggs)).toThrow(message);
  });
});

describe('Elasticsearch sort', () => {
  test.each<[string, unknown, object[]]>([
    ['a field name', 'price', [{ field: 'price', options: 'asc' }]],
    ['_score', '_score', [{ field: '_score', options: 'desc' }]],
    ['{field: order}', [{ price: 'desc' }], [{ field: 'price', options: 'desc' }]],
    ['{field: {order}} (bodybuilder)', [{ price: { order: 'asc' } }], [{ field: 'price', options: 'asc' }]],
    [
      'several',
      [{ 'name.keyword': { order: 'asc', missing: '_last' } }, '_score'],
      [
        { field: 'name', options: 'asc' },
        { field: '_score', options: 'desc' },
      ],
    ],
  ])('%s', (_name, sort, expected) => {
    expect(translateSort(sort)).toEqual(expected);
  });

  test('a script sort is refused', () => {
    expect(() => translateSort([{ _script: { type: 'number', script: 'doc.price' } }])).toThrow('sort by _script is not supported (sort by fields or _score)');
  });
});

describe('a whole Elasticsearch body', () => {
  test('paging, sort and fields from the URL (VSF api adapter) win over the body', () => {
    const request = parse(
      { query: { terms: { sku: ['A'] } }, from: 5, size: 7, sort: [{ price: 'asc' }] },
      { from: '0', size: '20', sort: 'updated_at:desc', include: 'sku,*image', exclude: '*.sgn' },
    );
    expect(request).toMatchObject({
      from: 0,
      size: 20,
      sort: [{ field: 'updated_at', order: 'desc' }],
      include: ['sku', '*image'],
      exclude: ['*.sgn'],
      filters: [{ field: 'sku', op: 'in', values: ['A'] }],
    });
  });

  test('_source: false is a facets-only request, which may ask 999 products', () => {
    expect(parse({ _source: false, size: 999 })).toMatchObject({ size: 999, exclude: ['*'] });
    expect(() => parse({ size: 999 })).toThrow('size must be a whole number from 1 to 200');
  });

  test('_source includes/excludes, min_score, heat_output at the shopper temperatures', () => {
    const request = parse(
      { _source: { includes: ['sku'], excludes: ['stock'] }, min_score: 0.02, query: { range: { heat_output: { gte: 900 } } } },
      { heatAt: '55/45/20' },
    );
    expect(request).toMatchObject({
      include: ['sku'],
      exclude: ['stock'],
      textOptions: { minScore: 0.02 },
      filters: [{ field: 'heat_output@55/45/20', op: 'range', gte: 900 }],
    });
  });

  test.each<[string, Record<string, unknown>, string]>([
    [
      'highlight',
      { highlight: {} },
      'Elasticsearch request "highlight" is not supported (supported: query, aggs, aggregations, sort, from, size, _source, min_score, track_total_hits, track_scores)',
    ],
    ['post_filter', { post_filter: {} }, 'Elasticsearch request "post_filter" is not supported'],
    ['size 4000 of whole products', { size: 4000 }, 'size must be a whole number from 1 to 200'],
    ['a delivery bucket the shop has not', { query: { terms: { delivery: ['2-3'] } } }, 'delivery accepts only 24h, 7-14, 15-30, 31-60, got "2-3"'],
    ['min_score Infinity', { min_score: 'Infinity' }, 'min_score must be a number from 0 to 1000'],
  ])('refused: %s', (_name, body, message) => {
    expect(() => parse(body)).toThrow(SearchQueryError);
    expect(() => parse(body)).toThrow(message);
  });
});
