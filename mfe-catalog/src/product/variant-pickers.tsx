import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { useId } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { isAvailable, type SelectionResult } from './configurable-selection';

/**
 * A configurable product's option pickers (spec §4/§5): one radio group per option; a value
 * with no selectable variant for the other choices stays pickable (choosing it moves the other
 * options) but says so to screen readers; none available or an impossible combination show the
 * spec's messages.
 */
export function VariantPickers({
  options,
  children,
  selection,
  onChoose,
}: {
  options: NonNullable<Product['configurable_options']>;
  children: ConfigurableChild[];
  selection: SelectionResult | null;
  onChoose: (code: string, value: number) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  if (selection?.kind === 'none-available') return <p role="alert">{t('No available product variants', { ns: 'messages' })}</p>;
  const current = selection?.selection ?? {};
  return (
    <div className="variant-pickers">
      {options.map((option) => (
        <fieldset key={option.attribute_code}>
          <legend>{option.label}</legend>
          {option.values.map((value) => {
            const available = isAvailable(children, current, option.attribute_code, value.value_index);
            return (
              <label key={value.value_index} className={available ? 'variant' : 'variant is-unavailable'}>
                <input
                  type="radio"
                  name={`${id}-${option.attribute_code}`}
                  checked={current[option.attribute_code] === value.value_index}
                  onChange={() => onChoose(option.attribute_code, value.value_index)}
                />
                {value.label}
                {!available && <span className="visually-hidden"> {t('product.unavailableCombination')}</span>}
              </label>
            );
          })}
        </fieldset>
      ))}
      {selection?.kind === 'no-such-configuration' && (
        <p role="alert" className="form-error">
          {t('No such configuration for the product, choose another combination', { ns: 'messages' })}
        </p>
      )}
    </div>
  );
}
