import { closePanelsRequested, linkTo, panelClosed, panelOpened } from '@kaloryfer/contracts';
import { Icon, useFocusTrap } from '@kaloryfer/ui';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@kaloryfer/i18n';
import { SUBMENU_CLEAR_DELAY_MS } from '../behaviours/overlay-state';
import { MENU, type MenuItem } from './menu';

/**
 * The shell's sidebar menu. Opening it turns the overlay on; closing turns it off and clears
 * the submenu path 300 ms later (spec §2), after the slide-out animation. While open Tab stays
 * in it; Escape closes it, and focus goes back to `opener` (the header's menu button).
 */
export function Sidebar({ open, onClose, opener }: { open: boolean; onClose: () => void; opener?: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('shell');
  const [path, setPath] = useState<MenuItem[]>([]);
  const panel = useRef<HTMLElement>(null);
  useFocusTrap(panel, open);

  useEffect(() => {
    if (open) {
      panelOpened.emit({ panel: 'sidebar' });
      panel.current?.querySelector<HTMLElement>('a, button')?.focus();
      // On close (by Escape, ✕, a link or the overlay) focus would stay on the hidden menu, lost.
      const button = opener?.current;
      return () => button?.focus();
    }
    panelClosed.emit({ panel: 'sidebar' });
    const timer = setTimeout(() => setPath([]), SUBMENU_CLEAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, opener]);

  useEffect(() => closePanelsRequested.on(onClose), [onClose]);

  const current = path[path.length - 1];
  const items = current?.children ?? MENU;
  return (
    <nav
      id="sidebar"
      ref={panel}
      className={`sidebar${open ? ' is-open' : ''}`}
      aria-label={t('sidebar.label')}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="sidebar-head">
        {current ? (
          <button type="button" className="button-link" onClick={() => setPath(path.slice(0, -1))}>
            ← {t('sidebar.back')}
          </button>
        ) : (
          <span className="sidebar-title">{t('header.menu')}</span>
        )}
        <button type="button" className="button-icon" onClick={onClose} aria-label={t('overlay.close')}>
          <Icon name="close" />
        </button>
      </div>
      <ul className="sidebar-list">
        {current && (
          <li>
            <a href={linkTo(current.intent)} onClick={onClose}>
              {t('sidebar.all', { name: t(current.label) })}
            </a>
          </li>
        )}
        {items.map((item) => (
          <li key={item.label}>
            {item.children ? (
              <button type="button" className="sidebar-item" aria-haspopup="true" onClick={() => setPath([...path, item])}>
                {t(item.label)} <span aria-hidden="true">›</span>
              </button>
            ) : (
              <a className="sidebar-item" href={linkTo(item.intent)} onClick={onClose}>
                {t(item.label)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
