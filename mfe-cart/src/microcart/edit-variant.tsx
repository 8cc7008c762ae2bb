import type { CartLine } from '@kaloryfer/contracts';
import { checkQuantity, isChildSelectable } from '@kaloryfer/domain';
import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import type { CartEngine } from '../engine/cart-engine';
import { CART_MESSAGES, messageOf, type Message } from '../engine/server-message';

type Choice = Record<string, string>;

const valueOf = (child: ConfigurableChild, code: string) => String((child as unknown as Record<string, unknown>)[code] ?? '');

/**
 * Edit mode for a configurable line: the product's options as selects, preset to the line's
 * variant, and its quantity. Saving makes the line that variant (engine.saveEdit).
 */
export function EditVariant({ line, engine }: { line: CartLine; engine: CartEngine }) {
  const { t } = useTranslation('cart');
  const id = useId();
  const [product, setProduct] = useState<Product | null>(null);
  const [choice, setChoice] = useState<Choice>({});
  const [qty, setQty] = useState(String(line.qty));
  const [problem, setProblem] = useState<Message | null>(null);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    let current = true;
    engine
      .productForEdit(line.parentSku ?? line.sku)
      .then((result) => {
        if (!current) return;
        const chosen = result.configurable_children?.find((child) => child.sku === line.sku);
        setProduct(result);
        setChoice(
          Object.fromEntries(
            (result.configurable_options ?? []).map((option) => [option.attribute_code, chosen ? valueOf(chosen, option.attribute_code) : '']),
          ),
        );
      })
      .catch((error: unknown) => {
        if (current) setProblem(messageOf(error));
      });
    return () => {
      current = false;
    };
  }, [engine, line.parentSku, line.sku]);

  useEffect(() => {
    if (product) fieldsetRef.current?.querySelector('select')?.focus();
  }, [product]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkQuantity(qty);
    if (!checked.ok) {
      setProblem({ message: checked.message, params: checked.params });
      return;
    }
    const child = product?.configurable_children?.find(
      (candidate) =>
        isChildSelectable(candidate, false) &&
        (product.configurable_options ?? []).every((option) => valueOf(candidate, option.attribute_code) === choice[option.attribute_code]),
    );
    if (!child) {
      setProblem({ message: CART_MESSAGES.noSuchConfiguration });
      return;
    }
    setProblem(await engine.saveEdit({ sku: child.sku, qty: checked.qty }));
  };

  return (
    <form className="edit-variant" onSubmit={(event) => void save(event)} noValidate>
      <fieldset ref={fieldsetRef}>
        <legend>{t('edit.legend', { name: line.name })}</legend>
        {!product && !problem && <p role="status">{t('edit.loading')}</p>}
        {(product?.configurable_options ?? []).map((option) => (
          <label key={option.attribute_code} className="edit-field">
            {option.label}
            <select value={choice[option.attribute_code] ?? ''} onChange={(event) => setChoice({ ...choice, [option.attribute_code]: event.target.value })}>
              {option.values.map((value) => (
                <option key={value.value_index} value={String(value.value_index)}>
                  {value.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="edit-field" htmlFor={`${id}-qty`}>
          {t('line.quantity', { name: line.name })}
        </label>
        <input id={`${id}-qty`} inputMode="numeric" size={3} value={qty} onChange={(event) => setQty(event.target.value)} />
      </fieldset>
      {problem && (
        <p role="alert" className="form-error">
          {t(problem.message, { ns: 'messages', ...problem.params })}
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="button" disabled={!product}>
          {t('edit.save')}
        </button>
        <button type="button" className="button-secondary" onClick={() => engine.closeEdit()}>
          {t('edit.cancel')}
        </button>
      </div>
    </form>
  );
}
