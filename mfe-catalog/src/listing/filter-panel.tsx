import type { AggregationBucket, Attribute, SearchAnswer } from '@kaloryfer/api-contract';
import { DELIVERY_BUCKETS, type DeliveryBucket } from '@kaloryfer/domain';
import { useId } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { rangeLabel } from './facet-labels';
import {
  ATTRIBUTE_FILTERS,
  isExactValue,
  RANGE_FILTER_NAMES,
  RANGE_FILTERS,
  rangeParam,
  toggleOption,
  toggleRange,
  type AttributeFilter,
  type ListingFilters,
  type RangeFilter,
} from './route-filters';

const RANGE_UNITS: Record<RangeFilter, string> = { price: 'zł', power: 'W', width: 'mm', height: 'mm' };

interface Props {
  filters: ListingFilters;
  aggregations: SearchAnswer['aggregations'];
  attributes: Attribute[];
  onChange: (filters: ListingFilters) => void;
}

const countOf = (buckets: AggregationBucket[] | undefined, key: string) => buckets?.find((bucket) => bucket.key === key)?.doc_count ?? 0;

/**
 * The listing's facets with counts: flags, delivery, attribute options (colours as swatches)
 * and the §9 ranges. Every control is a labelled native input, so it works with a keyboard
 * and a screen reader; each change goes straight to the route query.
 */
export function FilterPanel({ filters, aggregations, attributes, onChange }: Props) {
  const { t, i18n } = useTranslation('catalog');
  const id = useId();
  const flags = (['sale', 'new', 'rightAway'] as const).map((flag) => {
    const buckets = aggregations[`agg_terms_${flag === 'rightAway' ? 'delivery' : flag}`]?.buckets;
    // Flags are counted under the key '1' (the API's term key of true, as Elasticsearch's boolean key 1).
    return { flag, count: countOf(buckets, flag === 'rightAway' ? '24h' : '1') };
  });
  return (
    <div className="filter-panel">
      <fieldset>
        <legend>{t('filters.offer')}</legend>
        {flags.map(({ flag, count }) => (
          <label key={flag} className="filter-option">
            <input
              type="checkbox"
              checked={filters[flag]}
              disabled={count === 0 && !filters[flag]}
              onChange={() => onChange({ ...filters, [flag]: !filters[flag] })}
            />
            {t(`filters.${flag}`)} <span className="filter-count">({count})</span>
          </label>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('filters.delivery')}</legend>
        <label className="filter-option">
          <input type="radio" name={`${id}-delivery`} checked={filters.delivery === null} onChange={() => onChange({ ...filters, delivery: null })} />
          {t('filters.any')}
        </label>
        {(Object.keys(DELIVERY_BUCKETS) as DeliveryBucket[]).map((bucket) => {
          const count = countOf(aggregations.agg_terms_delivery?.buckets, bucket);
          return (
            <label key={bucket} className="filter-option">
              <input
                type="radio"
                name={`${id}-delivery`}
                checked={filters.delivery === bucket}
                disabled={count === 0 && filters.delivery !== bucket}
                onChange={() => onChange({ ...filters, delivery: bucket })}
              />
              {t(`delivery.${bucket}`)} <span className="filter-count">({count})</span>
            </label>
          );
        })}
      </fieldset>

      {ATTRIBUTE_FILTERS.map((code) => (
        <AttributeFacet
          key={code}
          code={code}
          filters={filters}
          buckets={aggregations[`agg_terms_${code}`]?.buckets ?? []}
          attribute={attributes.find((attribute) => attribute.attribute_code === code)}
          onChange={onChange}
        />
      ))}

      {RANGE_FILTER_NAMES.map((name) => {
        const buckets = aggregations[`agg_range_${RANGE_FILTERS[name].field}`]?.buckets ?? [];
        const chosen = filters.ranges[name];
        if (buckets.every((bucket) => bucket.doc_count === 0) && !chosen) return null;
        return (
          <fieldset key={name}>
            <legend>{t(`filters.${name}`)}</legend>
            <label className="filter-option">
              <input
                type="radio"
                name={`${id}-${name}`}
                checked={!chosen}
                onChange={() => onChange({ ...filters, ranges: { ...filters.ranges, [name]: undefined } })}
              />
              {t('filters.any')}
            </label>
            {chosen && isExactValue(chosen) && (
              <label className="filter-option">
                <input type="radio" name={`${id}-${name}`} checked onChange={() => undefined} />
                {rangeLabel(chosen, RANGE_UNITS[name], false, i18n.language)}
              </label>
            )}
            {RANGE_FILTERS[name].buckets.map((bucket) => {
              const count = buckets.find((candidate) => candidate.from === bucket.from && candidate.to === bucket.to)?.doc_count ?? 0;
              const selected = chosen !== undefined && rangeParam(chosen) === rangeParam(bucket);
              if (count === 0 && !selected) return null;
              return (
                <label key={rangeParam(bucket)} className="filter-option">
                  <input type="radio" name={`${id}-${name}`} checked={selected} onChange={() => onChange(toggleRange(filters, name, bucket))} />
                  {rangeLabel(bucket, RANGE_UNITS[name], name === 'price', i18n.language)} <span className="filter-count">({count})</span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}

function AttributeFacet({
  code,
  attribute,
  buckets,
  filters,
  onChange,
}: {
  code: AttributeFilter;
  attribute?: Attribute;
  buckets: AggregationBucket[];
  filters: ListingFilters;
  onChange: (filters: ListingFilters) => void;
}) {
  const { t } = useTranslation('catalog');
  const chosen = filters.attributes[code] ?? [];
  const options = (attribute?.options ?? [])
    .map((option) => ({ ...option, id: Number(option.value), count: countOf(buckets, option.value) }))
    .filter((option) => option.count > 0 || chosen.includes(option.id))
    .sort((a, b) => a.sort_order - b.sort_order);
  if (options.length === 0) return null;
  return (
    <fieldset className={code === 'color' ? 'filter-swatches' : undefined}>
      <legend>{attribute?.frontend_label ?? t(`filters.${code}`)}</legend>
      {options.map((option) => (
        <label key={option.value} className="filter-option">
          <input type="checkbox" checked={chosen.includes(option.id)} onChange={() => onChange(toggleOption(filters, code, option.id))} />
          {option.swatch && <span className="swatch" style={{ background: option.swatch }} aria-hidden="true" />}
          {option.label} <span className="filter-count">({option.count})</span>
        </label>
      ))}
    </fieldset>
  );
}
