import { $wishlist, closePanelsRequested, linkTo, panelClosed, panelOpened } from '@kaloryfer/contracts';
import { useStore } from '@nanostores/react';
import { Icon } from '@kaloryfer/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Header wishlist: count and a panel listing the products (opening it turns the overlay on). */
export function WishlistPanel() {
  const { t } = useTranslation('account');
  const items = useStore($wishlist);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return undefined;
    panelOpened.emit({ panel: 'wishlist' });
    panel.current?.focus();
    const off = closePanelsRequested.on(() => setOpen(false));
    return () => {
      off();
      panelClosed.emit({ panel: 'wishlist' });
      opener.current?.focus();
    };
  }, [open]);

  return (
    <>
      <button ref={opener} type="button" className="button-icon" aria-expanded={open}
        aria-label={`${t('wishlist.button')}: ${t('wishlist.count', { count: items.length })}`}
        onClick={() => setOpen(true)}>
        <Icon name="heart" />
      </button>
      {open && (
        <div ref={panel} className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}
          onKeyDown={(event) => { if (event.key === 'Escape') setOpen(false); }}>
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
