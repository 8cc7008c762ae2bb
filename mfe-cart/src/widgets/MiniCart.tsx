import { $cart, linkTo, microcartToggleRequested } from '@kaloryfer/contracts';
import { Drawer, Icon, useOverlayPanel } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './mini-cart.css';

/** Header mini-cart: the count of items (sum of quantities, spec §9) and the microcart drawer. */
export function MiniCart() {
  const { t } = useTranslation('cart');
  const cart = useStore($cart);
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('microcart');

  useEffect(() => microcartToggleRequested.on(({ open: next }) => setOpen(next)), [setOpen]);

  return (
    <>
      <button ref={openerRef} type="button" className="button-icon minicart-button" aria-expanded={open}
        aria-label={`${t('minicart.open')}: ${t('minicart.count', { count: cart.itemsCount })}`}
        onClick={() => setOpen(true)}>
        <Icon name="cart" />
        <span className="header-badge" aria-hidden="true">{cart.itemsCount}</span>
      </button>
      {open && (
        <Drawer title={t('minicart.title')} onClose={() => setOpen(false)} focusRef={focusRef} onKeyDown={onKeyDown}>
          {cart.items.length === 0 ? (
            <div className="microcart-empty">
              <p>{t('minicart.empty')}</p>
              <p>{t('minicart.emptyHint')}</p>
            </div>
          ) : (
            <>
              <ul className="microcart-lines">
                {cart.items.map((line) => <li key={line.sku}>{line.name} × {line.qty}</li>)}
              </ul>
              <a className="button" href={linkTo({ name: 'checkout' })} onClick={() => setOpen(false)}>
                {t('Proceed to checkout', { ns: 'messages' })}
              </a>
            </>
          )}
        </Drawer>
      )}
    </>
  );
}
