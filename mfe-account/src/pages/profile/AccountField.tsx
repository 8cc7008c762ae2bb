import { useTranslation } from '@kaloryfer/i18n';
import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import { isProfileKey, type Problem } from './validation';

/** A problem in the shopper's language: spec messages live in `messages`, the Polish-rule ones in `account`. */
export function useProblemText() {
  const { t } = useTranslation('account');
  return (problem: Problem) => (isProfileKey(problem) ? t(problem) : t(problem, { ns: 'messages' }));
}

interface FieldProps {
  /** Unique on the page: the input's id is made from it. */
  id: string;
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

/** A labelled input whose problem is shown under it and tied to it (aria-invalid + aria-describedby). */
export function AccountField({ id, label, value, onChange, problem, type = 'text', autoComplete, inputMode, optional, hint, maxLength = 200 }: FieldProps) {
  const { t } = useTranslation('account');
  const text = useProblemText();
  const inputId = `account-${id}`;
  const describedBy = [problem ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="account-field">
      <label htmlFor={inputId}>{label}{optional ? <span className="account-optional"> ({t('profile.optional')})</span> : null}</label>
      <input
        id={inputId} name={id} type={type} value={value} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength}
        required={!optional} aria-invalid={problem ? true : undefined} aria-describedby={describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint ? <p id={`${inputId}-hint`} className="account-hint">{hint}</p> : null}
      {problem ? <p id={`${inputId}-error`} className="form-error">{text(problem)}</p> : null}
    </div>
  );
}

/** After a refused submit the first field with a problem takes the focus (in the order the form shows them). */
export const firstProblemIn = (container: HTMLElement | null) => container?.querySelector<HTMLElement>('[aria-invalid="true"]');
