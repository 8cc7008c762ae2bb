import { useTranslation } from '@kaloryfer/i18n';
import type { AddressFields } from '../../domain/details';
import type { CheckoutProblems } from '../../domain/validation';
import { Field } from './field';

interface Props {
  prefix: 'shipping' | 'payment';
  address: AddressFields;
  problems: CheckoutProblems;
  onChange: (field: keyof AddressFields, value: string) => void;
  /** The delivery address asks for a phone for the courier (optional: the contact phone is used otherwise). */
  withPhone?: boolean;
}

/** A Polish address: names, street, house and flat number, zip `xx-xxx`, city; Poland only. */
export function AddressFieldset({ prefix, address, problems, onChange, withPhone }: Props) {
  const { t } = useTranslation('checkout');
  const auto = prefix === 'shipping' ? 'shipping' : 'billing';
  const field = (name: keyof AddressFields, autoComplete: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      name={`${prefix}.${name}`}
      label={t(`checkout.field.${name}`)}
      value={address[name]}
      autoComplete={`${auto} ${autoComplete}`}
      problem={problems[`${prefix}.${name}`]}
      onChange={(value) => onChange(name, value)}
      {...extra}
    />
  );
  return (
    <div className="checkout-grid">
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
      {field('streetAddress', 'address-line1')}
      {field('apartmentNumber', 'address-line2', { maxLength: 16 })}
      {field('flatNumber', 'address-line3', { optional: true, maxLength: 16 })}
      {field('zipCode', 'postal-code', { inputMode: 'numeric', maxLength: 6, hint: t('checkout.hint.zip') })}
      {field('city', 'address-level2')}
      <div className="checkout-field">
        <label htmlFor={`checkout-${prefix}-country`}>{t('checkout.field.country')}</label>
        <select id={`checkout-${prefix}-country`} value="PL" disabled aria-describedby={`checkout-${prefix}-country-hint`}>
          <option value="PL">{t('checkout.country.PL')}</option>
        </select>
        <p id={`checkout-${prefix}-country-hint`} className="checkout-hint">
          {t('checkout.hint.polandOnly')}
        </p>
      </div>
      {withPhone ? field('phoneNumber', 'tel', { type: 'tel', optional: true, hint: t('checkout.hint.deliveryPhone') }) : null}
    </div>
  );
}
