import { FormField } from '@kaloryfer/ui';
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

/** A sign-in dialog's field (always required): the shop's FormField with its problems in the shopper's words. */
export function AuthField({ problem, maxLength = 254, ...rest }: AuthFieldProps) {
  const text = useProblemText();
  return <FormField {...rest} maxLength={maxLength} className="auth-field" error={problem ? text(problem) : null} />;
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
  return (
    <p role="alert" className="form-error auth-failure">
      {problem ? text(problem) : ''}
    </p>
  );
}
