import { linkTo, type CartLine } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { formatPrice, useTranslation } from '@kaloryfer/i18n';
import { useEffect, useRef, useState } from 'react';
import type { CartEngine } from '../engine/cart-engine';
import { isUnavailable } from '../engine/cart-rules';
import { EditVariant } from './edit-variant';
import { QuantityStepper } from './quantity-stepper';

/** Where a line's name links: the product page (a configurable's own variant). */
function productHref(line: CartLine): string | null {
  if (!line.slug) return null;
  return linkTo({ name: 'product', parentSku: line.parentSku ?? line.sku, slug: line.slug, ...(line.parentSku ? { childSku: line.sku } : {}) });
}

/**
 * One microcart line: 150×150 thumbnail, name, chosen options, unit and row price, the quantity
 * stepper, removal after a confirmation, and for configurables the variant editor (edit mode).
 * A line that can no longer be bought says "Niedostępny" and why, has no price (it is not
 * charged) and no quantity, only removal (or another variant).
 */
export function CartLineItem({
  lineKey: key,
  line,
  engine,
  editing,
  onNavigate,
  onRemoved,
}: {
  lineKey: string;
  line: CartLine;
  engine: CartEngine;
  editing: boolean;
  onNavigate: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('cart');
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  const href = productHref(line);
  const image = imageUrl(line.image, 150);
  const unavailable = isUnavailable(line.error);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (wasEditing.current && !editing) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const cancel = () => {
    setConfirming(false);
    queueMicrotask(() => removeRef.current?.focus());
  };

  return (
    <li className={`cart-line${line.error ? ' has-error' : ''}`}>
      {image ? (
        <img className="cart-line-image" src={image} alt="" width={150} height={150} loading="lazy" />
      ) : (
        <span className="cart-line-image" aria-hidden="true" />
      )}
      <div className="cart-line-body">
        <h3 className="cart-line-name">
          {href ? (
            <a href={href} onClick={onNavigate}>
              {line.name}
            </a>
          ) : (
            line.name
          )}
        </h3>
        {line.options.length > 0 && (
          <dl className="cart-line-options">
            {line.options.map((option) => (
              <div key={`${option.label}:${option.value}`}>
                <dt>{option.label}</dt>
                <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {unavailable && <p className="cart-line-badge">{t('line.unavailable')}</p>}
        {line.error && <p className="form-error">{t(line.error, { ns: 'messages', ...line.errorParams })}</p>}
        {/* A line with a problem is not charged: no price beside it. */}
        {!line.error && (
          <p className="cart-line-price">
            <strong>{formatPrice(line.rowTotalInclTax || line.priceInclTax * line.qty)}</strong>
            {line.qty > 1 && <span className="cart-line-unit"> {t('line.unitPrice', { price: formatPrice(line.priceInclTax) })}</span>}
          </p>
        )}
        {editing ? (
          <EditVariant line={line} engine={engine} />
        ) : (
          <div className="cart-line-actions">
            {!unavailable && <QuantityStepper name={line.name} qty={line.qty} onChange={(qty) => engine.setQty(key, qty)} />}
            {line.typeId === 'configurable' && line.parentSku && (
              <button
                ref={editRef}
                type="button"
                className="button-link"
                aria-label={t('line.editNamed', { name: line.name })}
                onClick={() => engine.openEdit(key)}
              >
                {t('line.edit')}
              </button>
            )}
            {!confirming && (
              <button
                ref={removeRef}
                type="button"
                className="button-link"
                aria-label={t('line.removeNamed', { name: line.name })}
                onClick={() => setConfirming(true)}
              >
                {t('line.remove')}
              </button>
            )}
          </div>
        )}
        {confirming && (
          <div
            className="cart-line-confirm"
            role="group"
            aria-label={t('line.confirmRemove', { name: line.name })}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                cancel();
              }
            }}
          >
            <p>{t('line.confirmRemove', { name: line.name })}</p>
            <button ref={confirmRef} type="button" className="button" onClick={() => void engine.remove(key).then(onRemoved)}>
              {t('line.confirmYes')}
            </button>
            <button type="button" className="button-secondary" onClick={cancel}>
              {t('line.confirmNo')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
