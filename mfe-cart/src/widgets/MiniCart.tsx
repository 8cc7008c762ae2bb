import { $cart, linkTo, microcartToggleRequested } from '@kaloryfer/contracts';
import { Icon, PanelPortal, useOverlayPanel } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './mini-cart.css';

/** Header mini-cart: the count of items (sum of quantities, spec §9) and the microcart drawer. */
export function MiniCart() {
  const { t } = useTranslation('cart');
  const cart = useStore($cart);
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('microcart');
  const titleId = useId();

  useEffect(() => microcartToggleRequested.on(({ open: next }) => setOpen(next)), [setOpen]);

  return (
    <>
      <button ref={openerRef} type="button" className="button-icon minicart-button" aria-expanded={open}
        aria-label={`${t('minicart.open')}: ${t('minicart.count', { count: cart.itemsCount })}`}
        onClick={() => setOpen(true)}>
        <Icon name="cart" />
        <span className="minicart-count" aria-hidden="true">{cart.itemsCount}</span>
      </button>
      {open && (
        <PanelPortal>
          <div ref={focusRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
            <div className="drawer-head">
              <h2 id={titleId}>{t('minicart.title')}</h2>
              <button type="button" className="button-icon" onClick={() => setOpen(false)} aria-label={t('close', { ns: 'common' })}><Icon name="close" /></button>
            </div>
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
          </div>
        </PanelPortal>
      )}
    </>
  );
}
