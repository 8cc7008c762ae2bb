import { $wishlist, linkTo } from '@kaloryfer/contracts';
import { Icon, useOverlayPanel } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Header wishlist: count and a panel listing the products (opening it turns the overlay on). */
export function WishlistPanel() {
  const { t } = useTranslation('account');
  const items = useStore($wishlist);
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('wishlist');
  const titleId = useId();

  return (
    <>
      <button ref={openerRef} type="button" className="button-icon" aria-expanded={open}
        aria-label={`${t('wishlist.button')}: ${t('wishlist.count', { count: items.length })}`}
        onClick={() => setOpen(true)}>
        <Icon name="heart" />
      </button>
      {open && (
        <div ref={focusRef} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
          <div className="drawer-head">
            <h2 id={titleId}>{t('wishlist.title')}</h2>
            <button type="button" className="button-icon" onClick={() => setOpen(false)} aria-label={t('close', { ns: 'common' })}><Icon name="close" /></button>
          </div>
          {items.length === 0 ? <p>{t('wishlist.empty')}</p> : (
            <ul>
              {items.map((item) => (
                <li key={item.parentSku}>
                  <a href={linkTo({ name: 'product', parentSku: item.parentSku, slug: item.slug })}>{item.name}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
