import { checkQuantity } from '@kaloryfer/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@kaloryfer/i18n';

/**
 * A line's quantity: − and + buttons and a field for typing. A typed value counts on Enter or
 * when the field is left; a wrong one is said beside the field (spec §5 messages) and not sent.
 */
export function QuantityStepper({ name, qty, onChange }: { name: string; qty: number; onChange: (qty: number) => Promise<boolean> }) {
  const { t } = useTranslation('cart');
  const id = useId();
  const [text, setText] = useState(String(qty));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(qty)), [qty]);

  const commit = async (raw: string) => {
    const checked = checkQuantity(raw);
    if (!checked.ok) {
      setError(t(checked.message, { ns: 'messages', ...checked.params }));
      return;
    }
    setError(null);
    if (checked.qty !== qty && !(await onChange(checked.qty))) setText(String(qty));
  };

  return (
    <div className="qty-stepper">
      <button type="button" className="button-icon" aria-label={t('line.decrease', { name })} disabled={qty <= 1} onClick={() => void commit(String(qty - 1))}>
        −
      </button>
      <input
        id={`${id}-qty`}
        aria-label={t('line.quantity', { name })}
        inputMode="numeric"
        size={3}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          if (text !== String(qty)) void commit(text);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit(text);
        }}
      />
      <button type="button" className="button-icon" aria-label={t('line.increase', { name })} onClick={() => void commit(String(qty + 1))}>
        +
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
