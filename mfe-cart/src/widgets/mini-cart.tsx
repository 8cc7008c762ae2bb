import { $cart, microcartToggleRequested } from '@kaloryfer/contracts';
import { Drawer, Icon, useOverlayPanel } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { cartEngine, startCartOwner } from '../engine/cart-owner';
import './mini-cart.css';

// The drawer's content loads when first opened: every page carries the header, few open the cart.
const Microcart = lazy(() => import('../microcart/microcart').then((module) => ({ default: module.Microcart })));

/** Header mini-cart: the count of items (sum of quantities, spec §9) and the microcart drawer. */
export function MiniCart() {
  const { t } = useTranslation('cart');
  const cart = useStore($cart);
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('microcart');

  useEffect(() => {
    startCartOwner(); // already running when mounted by the shell (mini-cart.tsx); tests mount this alone
    return microcartToggleRequested.on(({ open: next }) => setOpen(next));
  }, [setOpen]);

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button-icon minicart-button"
        aria-expanded={open}
        aria-label={`${t('minicart.open')}: ${t('minicart.count', { count: cart.itemsCount })}`}
        onClick={() => setOpen(true)}
      >
        <Icon name="cart" />
        <span className="header-badge" aria-hidden="true">
          {cart.itemsCount}
        </span>
      </button>
      {open && (
        <Drawer title={t('minicart.title')} onClose={() => setOpen(false)} focusRef={focusRef} onKeyDown={onKeyDown}>
          <Suspense fallback={<p role="status">{t('minicart.loading')}</p>}>
            <Microcart engine={cartEngine()} onClose={() => setOpen(false)} headingRef={focusRef} />
          </Suspense>
        </Drawer>
      )}
    </>
  );
}
