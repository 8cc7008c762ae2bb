import { $cart, linkTo } from '@kaloryfer/contracts';
import { round2 } from '@kaloryfer/domain';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { keyOfLine, type CartEngine } from '../engine/cart-engine';
import { isUnavailable } from '../engine/cart-rules';
import { CART_MESSAGES } from '../engine/server-message';
import { CartLineItem } from './cart-line-item';
import { CartTotals } from './cart-totals';
import { CouponForm } from './coupon-form';
import { FreeDeliveryProgress } from './free-delivery-progress';
import { useEditMode } from './use-edit-mode';
import './microcart.css';

/**
 * The microcart's content: lines, free-delivery progress, coupon, the server's totals and the
 * way to checkout — or the empty state. `onClose` closes the drawer (links and the shop button).
 */
export function Microcart({ engine, onClose, headingRef }: { engine: CartEngine; onClose: () => void; headingRef?: React.RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('cart');
  const cart = useStore($cart);
  const edit = useEditMode(engine);
  const listRef = useRef<HTMLUListElement>(null);

  if (cart.items.length === 0) {
    return (
      <div className="microcart-empty">
        <p>{t('minicart.empty')}</p>
        <p>{t('minicart.emptyHint')}</p>
        <button type="button" className="button-secondary" onClick={onClose}>
          {t('minicart.continue')}
        </button>
      </div>
    );
  }

  const totals = cart.totals;
  // Checkout would refuse the order: the way there opens once the unavailable lines are removed.
  const blocked = cart.items.some((line) => isUnavailable(line.error));
  const goods = totals ? round2(totals.subtotalInclTax + totals.discountAmount) : round2(cart.items.reduce((sum, line) => sum + line.rowTotalInclTax, 0));
  // After a removal the line's buttons are gone: focus goes to the list, or to the drawer when the cart became empty
  // (a macrotask later, once React has rendered the engine's new $cart).
  const afterRemove = () => setTimeout(() => (listRef.current ?? headingRef?.current)?.focus(), 0);

  return (
    <div className="microcart">
      <ul ref={listRef} className="cart-lines" aria-label={t('minicart.lines')} aria-busy={cart.syncing} tabIndex={-1}>
        {cart.items.map((line) => {
          const key = keyOfLine(line);
          // By the server's line id where there is one: a line that becomes another variant stays the same element (focus stays).
          return (
            <CartLineItem
              key={line.itemId ?? key}
              lineKey={key}
              line={line}
              engine={engine}
              editing={edit?.key === key}
              onNavigate={onClose}
              onRemoved={afterRemove}
            />
          );
        })}
      </ul>
      <FreeDeliveryProgress amount={goods} />
      <CouponForm applied={totals?.couponCode ?? null} onApply={(code) => engine.applyCoupon(code)} onRemove={() => engine.removeCoupon()} />
      {totals ? <CartTotals totals={totals} /> : <p role="status">{t('totals.pending')}</p>}
      {blocked ? (
        <p className="form-error" role="alert">
          {t('minicart.unavailable')}
        </p>
      ) : (
        <a className="button microcart-checkout" href={linkTo({ name: 'checkout' })} onClick={onClose}>
          {t(CART_MESSAGES.proceed, { ns: 'messages' })}
        </a>
      )}
    </div>
  );
}
