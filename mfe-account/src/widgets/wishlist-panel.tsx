import { $wishlist, linkTo, wishlistRemoveRequested } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import { Drawer, Icon, useOverlayPanel } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from '@kaloryfer/i18n';
import './wishlist.css';

/** Header wishlist: count and a panel listing the products (opening it turns the overlay on). */
export function WishlistPanel() {
  const { t } = useTranslation('account');
  const items = useStore($wishlist);
  const { open, setOpen, openerRef, focusRef, onKeyDown } = useOverlayPanel<HTMLButtonElement, HTMLDivElement>('wishlist');

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button-icon wishlist-button"
        aria-expanded={open}
        aria-label={`${t('wishlist.button')}: ${t('wishlist.count', { count: items.length })}`}
        onClick={() => setOpen(true)}
      >
        <Icon name="heart" />
        {items.length > 0 && (
          <span className="header-badge" aria-hidden="true">
            {items.length}
          </span>
        )}
      </button>
      {open && (
        <Drawer title={t('wishlist.title')} onClose={() => setOpen(false)} focusRef={focusRef} onKeyDown={onKeyDown}>
          {items.length === 0 ? (
            <p>{t('wishlist.empty')}</p>
          ) : (
            <ul className="wishlist-items">
              {items.map((item) => (
                <li key={item.parentSku}>
                  {item.image && <img src={imageUrl(item.image, 150)!} alt="" width={75} height={75} loading="lazy" />}
                  <a href={linkTo({ name: 'product', parentSku: item.parentSku, slug: item.slug })} onClick={() => setOpen(false)}>
                    {item.name}
                  </a>
                  <button
                    type="button"
                    className="button-icon"
                    aria-label={t('wishlist.remove', { name: item.name })}
                    onClick={() => wishlistRemoveRequested.emit({ parentSku: item.parentSku })}
                  >
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Drawer>
      )}
    </>
  );
}
