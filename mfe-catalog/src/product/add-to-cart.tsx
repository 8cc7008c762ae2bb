import type { ConfigurableChild, Product } from '@kaloryfer/api-contract';
import { cartAddRequested, type ProductOptionInput } from '@kaloryfer/contracts';
import { checkQuantity } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useId, useState } from 'react';

/**
 * Quantity and the add button. An out-of-stock product keeps its button: the cart engine checks
 * stock afresh and answers with the spec's message (the page may be older than the stock).
 */
export function AddToCart({
  product,
  item,
  price,
  disabled,
  productOption,
  missing,
}: {
  product: Product;
  item: Product | ConfigurableChild;
  price: number | null;
  disabled: boolean;
  productOption?: ProductOptionInput;
  missing: string[];
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [qty, setQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkQuantity(qty, item.stock);
    if (!checked.ok) {
      setError(t(checked.message, { ns: 'messages', ...checked.params }));
      return;
    }
    if (missing.length > 0) {
      setError(t('product.chooseOptions', { options: missing.join(', ') }));
      return;
    }
    setError(null);
    cartAddRequested.emit({
      sku: item.sku,
      parentSku: product.sku,
      qty: checked.qty,
      ...(productOption ? { productOption } : {}),
      product: { name: product.name, priceInclTax: price, image: item.image || product.image, typeId: product.type_id },
    });
  };
  return (
    <form className="add-to-cart" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-qty`}>{t('product.quantity')}</label>
      <input
        id={`${id}-qty`}
        inputMode="numeric"
        value={qty}
        onChange={(event) => setQty(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        size={4}
      />
      <Button type="submit" block disabled={disabled}>
        {t('product.addToCart')}
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </form>
  );
}
