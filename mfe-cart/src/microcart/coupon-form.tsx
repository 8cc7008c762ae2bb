import { useId, useRef, useState } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { CART_MESSAGES, type Message } from '../engine/server-message';

/** The coupon field: apply a code, or show the applied one with a way to remove it. */
export function CouponForm({
  applied,
  onApply,
  onRemove,
}: {
  applied: string | null;
  onApply: (code: string) => Promise<Message | null>;
  onRemove: () => Promise<Message | null>;
}) {
  const { t } = useTranslation('cart');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError({ message: CART_MESSAGES.required });
      inputRef.current?.focus();
      return;
    }
    const problem = await onApply(code);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setStatus(t('coupon.applied', { code: code.trim().toUpperCase() }));
    setCode('');
  };
  const remove = async () => {
    const problem = await onRemove();
    setError(problem);
    if (!problem) setStatus(t('coupon.removed'));
  };

  return (
    <div className="coupon">
      {applied ? (
        <p className="coupon-applied">
          {t('coupon.active', { code: applied })}{' '}
          <button type="button" className="button-link" onClick={() => void remove()}>
            {t('coupon.remove', { code: applied })}
          </button>
        </p>
      ) : (
        <form onSubmit={(event) => void apply(event)} noValidate>
          <label htmlFor={`${id}-code`}>{t('coupon.label')}</label>
          <div className="coupon-row">
            <input
              ref={inputRef}
              id={`${id}-code`}
              value={code}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            <button type="submit" className="button-secondary">
              {t('coupon.apply')}
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {t(error.message, { ns: 'messages', ...error.params })}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {status}
      </p>
    </div>
  );
}
