import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';

export interface FormFieldProps {
  /** The input's id; its hint and error are `${id}-hint` and `${id}-error`. */
  id: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The problem in the shopper's words (the caller translates it), or nothing. */
  error?: string | null;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The words for "optional" when the field may stay empty (then it is not `required`). */
  optionalLabel?: string;
  hint?: ReactNode;
  maxLength?: number;
  /** Beside the input (a password's show/hide button). */
  after?: ReactNode;
  /** The wrapper's class: each form keeps its own layout (`checkout-field`, `account-field`…). */
  className?: string;
}

/**
 * What a form's own field component passes through unchanged: each form adds its id scheme,
 * its problem type (translated into `error`) and `optional` (into `optionalLabel`).
 */
export type FormFieldInput = Pick<FormFieldProps, 'label' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'inputMode' | 'hint' | 'maxLength'>;

/**
 * A labelled input whose problem is shown under it and tied to it (aria-invalid +
 * aria-describedby, with the hint). Every form of the shop — checkout, the sign-in dialog, the
 * account pages — draws its fields with this; each translates its own problems.
 */
export function FormField({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  optionalLabel,
  hint,
  maxLength = 200,
  after,
  className = 'form-field',
}: FormFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={id}
      name={name}
      type={type}
      value={value}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      required={optionalLabel === undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}
        {optionalLabel !== undefined ? <span className="field-optional"> ({optionalLabel})</span> : null}
      </label>
      {after ? (
        <div className="field-input">
          {input}
          {after}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** After a refused submit the first field with a problem takes the focus (in the order the form shows them). */
export function focusFirstProblem(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
