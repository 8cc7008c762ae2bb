import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import type { CheckoutProblem } from '../../domain/validation';
import { fieldId, useProblemText } from './field';

interface Option {
  code: string;
  title: string;
  price: number;
  note?: string;
}

/** A radio group of methods with their prices; the group carries the problem when none is chosen. */
export function MethodChoice({
  name,
  legend,
  options,
  chosen,
  onChoose,
  problem,
}: {
  name: string;
  legend: string;
  options: Option[] | null;
  chosen: string | null;
  onChoose: (code: string) => void;
  problem?: CheckoutProblem;
}) {
  const { t } = useTranslation('checkout');
  const text = useProblemText();
  const id = fieldId(name);
  return (
    <fieldset className="checkout-methods" id={id} aria-describedby={problem ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options === null ? <p role="status">{t('checkout.methods.loading')}</p> : null}
      {options?.length === 0 ? <p role="alert">{t('checkout.methods.none')}</p> : null}
      {options?.map((option, index) => (
        <label key={option.code} className="checkout-method">
          <input
            type="radio"
            name={name}
            value={option.code}
            checked={chosen === option.code}
            onChange={() => onChoose(option.code)}
            aria-invalid={problem && index === 0 ? true : undefined}
          />
          <span className="checkout-method-title">
            {option.title}
            {option.note ? <small> {option.note}</small> : null}
          </span>
          <span className="checkout-method-price">{option.price === 0 ? t('checkout.free') : formatPrice(option.price)}</span>
        </label>
      ))}
      {problem ? (
        <p id={`${id}-error`} className="form-error">
          {text(problem)}
        </p>
      ) : null}
    </fieldset>
  );
}
