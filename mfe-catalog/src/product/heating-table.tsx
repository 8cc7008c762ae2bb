import type { Attribute } from '@kaloryfer/api-contract';
import { DEFAULT_EXPONENT, heatOutput, temperaturesKey } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { attributeValue } from '../api/attributes';
import { useHeatingAt } from '../heating/heating-at';

/** Temperatures the table already lists as catalogue rows. */
const LISTED_AT = new Set(['75/65/20', '70/55/20']);

/** The technical data a radiator buyer compares, in the order an installer reads them. */
export const HEATING_ROWS = [
  'power_75_65_20',
  'power_70_55_20',
  'width',
  'height',
  'depth',
  'connection_width',
  'connection_code',
  'working_pressure',
  'material',
  'mount',
  'heater_type',
  'elements_count',
  'weight',
  'manufacturer',
] as const;

export function HeatingTable({ source, attributes }: { source: Record<string, unknown>; attributes: Attribute[] }) {
  const { t } = useTranslation('catalog');
  const at = useHeatingAt();
  const rows = HEATING_ROWS.filter((code) => source[code] !== undefined && source[code] !== null && source[code] !== '');
  if (rows.length === 0 && source.free_valves === undefined) return null;
  const rated = typeof source.power_75_65_20 === 'number' ? source.power_75_65_20 : null;
  const atKey = temperaturesKey(at);
  // The shopper's own temperatures, right under the catalogue rating (PN-EN 442, this model's exponent).
  const ownRow =
    rated !== null && !LISTED_AT.has(atKey) ? (
      <tr className="spec-own-output">
        <th scope="row">{t('spec.heat_output', { at: atKey })}</th>
        <td>{heatOutput(rated, at, typeof source.heat_exponent === 'number' ? source.heat_exponent : DEFAULT_EXPONENT)} W</td>
      </tr>
    ) : null;
  return (
    <table className="spec-table">
      <caption>{t('product.specs')}</caption>
      <tbody>
        {rows.map((code) => {
          const attribute = attributes.find((candidate) => candidate.attribute_code === code);
          return [
            <tr key={code}>
              <th scope="row">{attribute?.frontend_label ?? t(`spec.${code}`)}</th>
              <td>{attributeValue(attributes, code, source[code])}</td>
            </tr>,
            code === 'power_70_55_20' || (code === 'power_75_65_20' && source.power_70_55_20 === undefined) ? ownRow : null,
          ];
        })}
        {source.free_valves !== undefined && (
          <tr>
            <th scope="row">{t('spec.free_valves')}</th>
            <td>{source.free_valves ? t('yes') : t('no')}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
