import type { HTMLAttributes, ReactNode } from 'react';
import type { Problem } from './auth-problems';
import { useProblemText } from './use-problem-text';

interface AuthFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  problem?: Problem;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  hint?: string;
  maxLength?: number;
  /** Beside the input (the password's show/hide button). */
  after?: ReactNode;
}

/** A labelled, required input whose problem is shown under it and tied to it (aria-invalid + aria-describedby). */
export function AuthField({ id, label, value, onChange, onBlur, problem, type = 'text', autoComplete, inputMode, hint, maxLength = 254, after }: AuthFieldProps) {
  const text = useProblemText();
  const describedBy = [problem ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-input">
        <input
          id={id} type={type} value={value} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} required
          aria-invalid={problem ? true : undefined} aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)} onBlur={onBlur}
        />
        {after}
      </div>
      {hint ? <p id={`${id}-hint`} className="auth-hint">{hint}</p> : null}
      {problem ? <p id={`${id}-error`} className="form-error">{text(problem)}</p> : null}
    </div>
  );
}

/** Shows the password as text while pressed (the registration's toggle shows both of its fields). */
export function PasswordToggle({ shown, onToggle, controls, label }: { shown: boolean; onToggle: () => void; controls: string; label: string }) {
  return (
    <button type="button" className="button-secondary auth-toggle" aria-pressed={shown} aria-controls={controls} onClick={onToggle}>
      {label}
    </button>
  );
}

/** The form-wide answer (a refused sign-in, offline): announced when it appears. */
export function FormFailure({ problem }: { problem: Problem | null }) {
  const text = useProblemText();
  return <p role="alert" className="form-error auth-failure">{problem ? text(problem) : ''}</p>;
}
