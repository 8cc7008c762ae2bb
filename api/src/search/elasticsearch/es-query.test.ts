import { SearchQueryError } from '../query-parser';
import type { Filter } from '../search-request';
import { translateQuery } from './es-query';

/** One construct per row: the Elasticsearch clause (as bodybuilder writes it) → the shop's filters and text. */
const VSF_TEXT = 'drabinka chrom';
const vsfSearchBox = {
  bool: {
    filter: { terms: { visibility: [3, 4] } },
    must: {
      function_score: {
        functions: [{ filter: { match: { attribute_code: 'attribute_value' } }, weight: 1 }],
        score_mode: 'multiply',
        boost_mode: 'multiply',
        max_boost: 100,
        min_score: 1,
        query: {
          bool: {
            should: [
              {
                multi_match: {
                  fields: ['name^4', 'sku^2', 'category.name^1'],
                  query: VSF_TEXT,
                  operator: 'or',
                  fuzziness: 2,
                  cutoff_frequency: 0.01,
                  max_expansions: 3,
                  prefix_length: 2,
                  minimum_should_match: '75%25',
                  tie_breaker: '1',
                },
              },
              {
                bool: {
                  should: [
                    { terms: { 'configurable_children.sku': [VSF_TEXT] } },
                    { match_phrase: { sku: { query: VSF_TEXT, boost: 1 } } },
                    { match_phrase: { 'configurable_children.sku': { query: VSF_TEXT, boost: 1 } } },
                  ],
                },
              },
            ],
          },
        },
      },
    },
  },
};

const catalogColour = {
  bool: {
    should: [{ terms: { color: [104] } }, { bool: { must: [{ terms: { color_options: [104] } }, { match: { type_id: 'configurable' } }] } }],
  },
};

describe('Elasticsearch query translation (the subset VSF 1.12 emits)', () => {
  test.each<[string, unknown, Filter[], string?]>([
    ['match_all', { match_all: {} }, []],
    ['empty clause', {}, []],
    ['terms', { terms: { category_ids: [7, 8] } }, [{ field: 'category_ids', op: 'in', values: [7, 8] }]],
    ['term (plain)', { term: { sku: 'KF-1' } }, [{ field: 'sku', op: 'in', values: ['KF-1'] }]],
    ['term ({value})', { term: { review_status: { value: 1, boost: 2 } } }, [{ field: 'review_status', op: 'in', values: [1] }]],
    ['terms on a .keyword twin', { terms: { 'category.name.keyword': ['Grzejniki'] } }, [{ field: 'category.name', op: 'in', values: ['Grzejniki'] }]],
    ['range', { range: { final_price: { gte: 100, lte: 500 } } }, [{ field: 'final_price', op: 'range', gte: 100, lte: 500 }]],
    [
      'range (from/to, exclusive upper)',
      { range: { price: { from: 100, to: 500, include_upper: false } } },
      [{ field: 'price', op: 'range', gte: 100, lt: 500 }],
    ],
    ['range on a date', { range: { news_to_date: { gte: '2026-11-21' } } }, [{ field: 'news_to_date', op: 'range', gte: '2026-11-21' }]],
    ['exists', { exists: { field: 'image' } }, [{ field: 'image', op: 'exists', exists: true }]],
    ['match on a keyword field', { match: { type_id: 'configurable' } }, [{ field: 'type_id', op: 'in', values: ['configurable'] }]],
    ['match_phrase on sku', { match_phrase: { sku: { query: 'KF-1' } } }, [{ field: 'sku', op: 'in', values: ['KF-1'] }]],
    ['match_phrase_prefix', { match_phrase_prefix: { identifier: 'home-usp' } }, [{ field: 'identifier', op: 'like', pattern: 'home-usp%' }]],
    ['bool.filter (one clause)', { bool: { filter: { terms: { sku: ['A'] } } } }, [{ field: 'sku', op: 'in', values: ['A'] }]],
    [
      'bool.filter.bool.must (bodybuilder, several)',
      { bool: { filter: { bool: { must: [{ terms: { visibility: [2, 3, 4] } }, { terms: { status: [0, 1] } }] } } } },
      [
        { field: 'visibility', op: 'in', values: [2, 3, 4] },
        { field: 'status', op: 'in', values: [0, 1] },
      ],
    ],
    ['bool.must', { bool: { must: [{ term: { status: 1 } }] } }, [{ field: 'status', op: 'in', values: [1] }]],
    [
      'bool.must_not',
      { bool: { must_not: [{ terms: { type_id: ['virtual'] } }] } },
      [{ field: 'type_id', op: 'not', of: [{ field: 'type_id', op: 'in', values: ['virtual'] }] }],
    ],
    [
      'bool.should (alone: one of)',
      { bool: { should: [{ term: { color: 101 } }, { term: { manufacturer: 7 } }] } },
      [
        {
          field: 'color',
          op: 'any',
          of: [
            { field: 'color', op: 'in', values: [101] },
            { field: 'manufacturer', op: 'in', values: [7] },
          ],
        },
      ],
    ],
    [
      'bool.should with minimum_should_match 1 beside a filter',
      { bool: { filter: { term: { status: 1 } }, should: [{ term: { color: 101 } }], minimum_should_match: 1 } },
      [
        { field: 'status', op: 'in', values: [1] },
        { field: 'color', op: 'any', of: [{ field: 'color', op: 'in', values: [101] }] },
      ],
    ],
    [
      'catalogue filter (colour or a configurable’s variant colour)',
      catalogColour,
      [
        {
          field: 'color',
          op: 'any',
          of: [
            { field: 'color', op: 'in', values: [104] },
            {
              field: 'color_options',
              op: 'all',
              of: [
                { field: 'color_options', op: 'in', values: [104] },
                { field: 'type_id', op: 'in', values: ['configurable'] },
              ],
            },
          ],
        },
      ],
    ],
    ['constant_score', { constant_score: { filter: { term: { sku: 'A' } } } }, [{ field: 'sku', op: 'in', values: ['A'] }]],
    [
      'function_score with weights only ranks',
      { function_score: { query: { term: { sku: 'A' } }, functions: [{ weight: 2 }] } },
      [{ field: 'sku', op: 'in', values: ['A'] }],
    ],
    ['multi_match with fields', { multi_match: { query: 'grzejnik', fields: ['name^4', 'description'] } }, [], 'grzejnik'],
    ['match on a text field', { match: { name: 'grzejnik biały' } }, [], 'grzejnik biały'],
    ['VSF search box (function_score, multi_match, SKU lookups)', vsfSearchBox, [{ field: 'visibility', op: 'in', values: [3, 4] }], VSF_TEXT],
  ])('%s', (_name, query, filters, text = '') => {
    const translated = translateQuery(query, 'product');
    expect(translated.filters).toEqual(filters);
    expect(translated.text).toBe(text);
  });

  test.each<[string, unknown, object]>([
    ['fuzziness 0: exact words', { multi_match: { query: 'x', fields: ['name'], fuzziness: 0 } }, { fuzzy: false }],
    ['fuzziness AUTO: one edit', { multi_match: { query: 'x', fields: ['name'], fuzziness: 'AUTO' } }, { fuzzy: true }],
    ['operator and: every word', { multi_match: { query: 'x y', fields: ['name'], operator: 'and' } }, { minimumShouldMatch: 1 }],
    [
      'minimum_should_match "75%25" (VSF GET encodes it)',
      { multi_match: { query: 'x', fields: ['name'], minimum_should_match: '75%25' } },
      { minimumShouldMatch: 0.75 },
    ],
  ])('text options: %s', (_name, query, options) => {
    expect(translateQuery(query, 'product').textOptions).toEqual(options);
  });

  test.each<[string, unknown, string]>([
    [
      'an unknown query',
      { wildcard: { sku: 'KF*' } },
      'Elasticsearch query "wildcard" is not supported (supported: bool, term, terms, range, exists, match, match_phrase, match_phrase_prefix, multi_match, match_all, function_score, constant_score)',
    ],
    ['nested', { nested: { path: 'x', query: {} } }, 'Elasticsearch query "nested" is not supported'],
    [
      'a scoring-only should',
      { bool: { filter: { term: { status: 1 } }, should: [{ term: { color: 1 } }] } },
      'bool.should beside must/filter only changes scores in Elasticsearch; add minimum_should_match: 1 to require one of them',
    ],
    ['minimum_should_match 2', { bool: { should: [{ term: { a: 1 } }], minimum_should_match: 2 } }, 'bool.minimum_should_match: only 1 is supported, got 2'],
    [
      'an unknown bool member',
      { bool: { must: [], filters: [] } },
      'bool: "filters" is not supported (supported: must, filter, should, must_not, minimum_should_match, boost, _name)',
    ],
    [
      'random sort (random_score)',
      { function_score: { query: {}, functions: [{ weight: 2, random_score: {} }] } },
      'function_score.functions[]: "random_score" is not supported (supported: filter, weight)',
    ],
    [
      'a multi_match field the index does not search',
      { multi_match: { query: 'x', fields: ['color'] } },
      'multi_match: color is not a full-text field of product (searchable: name, sku, configurable_children.sku, category.name, description, short_description, meta_title, meta_keyword)',
    ],
    [
      'multi_match type phrase',
      { multi_match: { query: 'x', fields: ['name'], type: 'phrase' } },
      'multi_match.type "phrase" is not supported (best_fields, most_fields, cross_fields)',
    ],
    ['fuzziness 5', { multi_match: { query: 'x', fields: ['name'], fuzziness: 5 } }, 'multi_match.fuzziness must be 0, 1, 2 or AUTO, got 5'],
    [
      'text under must_not',
      { bool: { must_not: [{ multi_match: { query: 'x', fields: ['name'] } }] } },
      'multi_match cannot be negated or alternated with other conditions; use it as a required condition',
    ],
    [
      'two different texts',
      { bool: { must: [{ match: { name: 'a' } }, { match: { description: 'b' } }] } },
      'only one full-text query per search (multi_match / match on a text field)',
    ],
    ['terms lookup', { terms: { sku: { index: 'x', id: '1', path: 'skus' } } }, 'terms sku: terms lookup is not supported; send the values'],
    ['a range without bounds', { range: { price: {} } }, 'range price needs a bound (gte, gt, lte or lt)'],
    ['a range with an unknown member', { range: { price: { gte: 1, relation: 'within' } } }, 'range price: "relation" is not supported'],
    ['a non-finite bound', { range: { price: { gte: 'x'.repeat(41) } } }, 'range price.gte must be a number or a date'],
    ['two fields in a term', { term: { a: 1, b: 2 } }, 'term takes exactly one field, got 2'],
    ['a bad field name', { term: { 'a;drop': 1 } }, 'term field must be a field name'],
    ['an empty terms list', { terms: { sku: [] } }, 'terms sku needs at least one value'],
    ['two kinds in one clause', { term: { a: 1 }, terms: { b: [1] } }, 'a query clause has exactly one kind, got term, terms'],
    ['deep nesting', JSON.parse('{"bool":{"must":'.repeat(20) + '{}' + '}}'.repeat(20)), 'the query nests deeper than 12 levels'],
  ])('refused with a clear message: %s', (_name, query, message) => {
    expect(() => translateQuery(query, 'product')).toThrow(SearchQueryError);
    expect(() => translateQuery(query, 'product')).toThrow(message);
  });
});
