import type { Attribute } from '@kaloryfer/domain';
import { useTranslation } from 'react-i18next';
import { attributeValue } from '../api/attributes';

/** The technical data a radiator buyer compares, in the order an installer reads them. */
export const HEATING_ROWS = [
  'power_75_65_20', 'power_70_55_20', 'width', 'height', 'depth', 'connection_width', 'connection_code',
  'working_pressure', 'material', 'mount', 'heater_type', 'elements_count', 'weight', 'manufacturer',
] as const;

export function HeatingTable({ source, attributes }: { source: Record<string, unknown>; attributes: Attribute[] }) {
  const { t } = useTranslation('catalog');
  const rows = HEATING_ROWS.filter((code) => source[code] !== undefined && source[code] !== null && source[code] !== '');
  if (rows.length === 0 && source.free_valves === undefined) return null;
  return (
    <table className="spec-table">
      <caption>{t('product.specs')}</caption>
      <tbody>
        {rows.map((code) => {
          const attribute = attributes.find((candidate) => candidate.attribute_code === code);
          return (
            <tr key={code}>
              <th scope="row">{attribute?.frontend_label ?? t(`spec.${code}`)}</th>
              <td>{attributeValue(attributes, code, source[code])}</td>
            </tr>
          );
        })}
        {source.free_valves !== undefined && (
          <tr><th scope="row">{t('spec.free_valves')}</th><td>{source.free_valves ? t('yes') : t('no')}</td></tr>
        )}
      </tbody>
    </table>
  );
}
