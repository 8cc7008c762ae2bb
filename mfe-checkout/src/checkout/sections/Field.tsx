import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { isCheckoutKey, type Problem } from '../../domain/validation';

/** A problem in the shopper's language: spec messages live in `messages`, Polish-rule ones in `checkout`. */
export function useProblemText() {
  const { t } = useTranslation('checkout');
  return (problem: Problem | string) => (isCheckoutKey(problem as Problem) ? t(problem) : t(problem, { ns: 'messages' }));
}

export const fieldId = (name: string) => `checkout-${name.replace(/\./g, '-')}`;

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: Problem;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  optional?: boolean;
  hint?: ReactNode;
  maxLength?: number;
}

/** A labelled input whose problem is announced and tied to it (aria-invalid + aria-describedby). */
export function Field({ name, label, value, onChange, problem, type = 'text', autoComplete, inputMode, optional, hint, maxLength = 200 }: FieldProps) {
  const { t } = useTranslation('checkout');
  const text = useProblemText();
  const id = fieldId(name);
  const describedBy = [problem ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}{optional ? <span className="checkout-optional"> ({t('checkout.optional')})</span> : null}</label>
      <input
        id={id} name={name} type={type} value={value} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength}
        required={!optional} aria-invalid={problem ? true : undefined} aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint ? <p id={`${id}-hint`} className="checkout-hint">{hint}</p> : null}
      {problem ? <p id={`${id}-error`} className="form-error">{text(problem)}</p> : null}
    </div>
  );
}

/** Focus the first field with a problem (in the order the form shows them). */
export function focusFirstProblem(container: HTMLElement | null): void {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  invalid?.focus();
}
