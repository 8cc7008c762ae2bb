import type { SearchQueryJson } from './search-query';
import { VSF_DEFAULTS } from './vsf-defaults';

type Clause = Record<string, unknown>;

/**
 * What storefront-query-builder (elasticsearch/body.ts) and bodybuilder 2.2.21 make of the
 * SearchQuery forms VSF's core uses: default-scope filters (in/eq → terms, range operators →
 * range, anything else such as like → terms of its values), catalogue-scope filters (the
 * attribute, or its `_options` on a configurable), catalogue aggregations, the search text
 * (function_score around a multi_match and SKU lookups), min_score. Checked against the real
 * libraries when these shapes were written.
 */
export function elasticsearchBody(query: SearchQueryJson, method: 'GET' | 'POST'): Record<string, unknown> {
  if (query._appliedFilters.length === 0) return {};
  const ranges = ['gt', 'lt', 'gte', 'lte', 'moreq', 'from', 'to'];
  const first = (value: Record<string, unknown>) => {
    const one = value[Object.keys(value)[0]];
    return Array.isArray(one) ? one : [one];
  };
  const filters: Clause[] = [];
  for (const { attribute, value, scope } of query._appliedFilters) {
    if (scope !== 'default') continue;
    const operator = Object.keys(value)[0];
    if (Object.keys(value).every((key) => ranges.includes(key))) filters.push({ range: { [attribute]: value } });
    else if (operator === 'in' || operator === 'eq') filters.push({ terms: { [attribute]: first(value) } });
    else if (operator === 'nin' || operator === 'neq') throw new Error('not used by the calls here');
    else filters.push({ terms: { [attribute]: first(value) } });
  }
  for (const { attribute, value, scope } of query._appliedFilters) {
    if (scope !== 'catalog') continue;
    const isRange = Object.keys(value).some((key) => ranges.includes(key));
    const own = isRange ? { range: { [attribute === 'price' ? VSF_DEFAULTS.priceFilterKey : attribute]: value } } : { terms: { [attribute]: first(value) } };
    const options = isRange ? own : { terms: { [`${attribute}_options`]: first(value) } };
    filters.push({ bool: { should: [own, { bool: { must: [options, { match: { type_id: 'configurable' } }] } }] } });
  }
  const aggs: Record<string, Clause> = {};
  for (const { field, scope } of query._availableFilters) {
    if (scope !== 'catalog') continue;
    if (field !== 'price') {
      aggs[`agg_terms_${field}`] = { terms: { field, size: VSF_DEFAULTS.filterAggregationSize } };
      aggs[`agg_terms_${field}_options`] = { terms: { field: `${field}_options`, size: VSF_DEFAULTS.filterAggregationSize } };
    } else {
      aggs.agg_terms_price = { terms: { field: 'price' } };
      aggs.agg_range_price = { range: { field: 'price', ranges: VSF_DEFAULTS.priceRanges } };
    }
  }
  const bool: Clause = { filter: filters.length === 1 ? filters[0] : { bool: { must: filters } } };
  const text = query._searchText;
  if (text !== '') {
    bool.must = {
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
                  fields: VSF_DEFAULTS.searchableFields,
                  query: text,
                  operator: 'or',
                  fuzziness: 2,
                  cutoff_frequency: 0.01,
                  max_expansions: 3,
                  prefix_length: 2,
                  // multimatch.ts: a GET carries "%" URL-encoded once more.
                  minimum_should_match: method === 'GET' ? '75%25' : '75%',
                  tie_breaker: '1',
                },
              },
              {
                bool: {
                  should: [
                    { terms: { 'configurable_children.sku': text.split('-') } },
                    { match_phrase: { sku: { query: text, boost: 1 } } },
                    { match_phrase: { 'configurable_children.sku': { query: text, boost: 1 } } },
                  ],
                },
              },
            ],
          },
        },
      },
    };
  }
  const body: Record<string, unknown> = { query: { bool } };
  if (Object.keys(aggs).length > 0) body.aggs = aggs;
  if (query._appliedSort.length > 0) body.sort = query._appliedSort.map(({ field, options }) => ({ [field]: { order: options } }));
  if (text !== '') body.min_score = VSF_DEFAULTS.minScore;
  return body;
}
