import { $overlay, closePanelsRequested, linkTo, type RemoteName } from '@kaloryfer/contracts';
import { LANGUAGES, setLanguage, isLanguage } from '@kaloryfer/i18n';
import { Icon } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteLoader } from '../registry/remote-loader';
import { Notifications } from './Notifications';
import { ProgressBar } from './ProgressBar';
import { Sidebar } from './Sidebar';
import { WidgetSlot } from './WidgetSlot';

/** Remotes with routes each get a region in <main>; single-spa mounts them there. */
export const ROUTED_REMOTES: RemoteName[] = ['catalog', 'checkout', 'account', 'content'];

export function regionId(remote: RemoteName): string {
  return `region-${remote}`;
}

export function ShellLayout({ loader, onDismissNotification }: {
  loader: RemoteLoader;
  onDismissNotification: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('shell');
  const overlay = useStore($overlay);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && $overlay.get().active) closePanelsRequested.emit({});
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <ProgressBar />
      <a className="skip-link" href="#main-content">{t('skip')}</a>
      <header className="site-header">
        <div className="site-header-inner">
          <button type="button" className="button-icon menu-button" aria-expanded={sidebarOpen} aria-controls="sidebar"
            onClick={() => setSidebarOpen(true)}>
            <Icon name="menu" /> <span className="menu-label">{t('header.menu')}</span>
          </button>
          <a className="logo" href={linkTo({ name: 'home' })} aria-label={t('header.home')}>
            {t('shop.name', { ns: 'common' })}<span className="logo-dot" aria-hidden="true">.</span>
          </a>
          <WidgetSlot loader={loader} remote="catalog" module="./SearchButton" className="slot-search" />
          <div className="header-actions">
            <WidgetSlot loader={loader} remote="account" module="./AccountButton" />
            <WidgetSlot loader={loader} remote="account" module="./WishlistButton" />
            <WidgetSlot loader={loader} remote="cart" module="./MiniCart" />
          </div>
        </div>
      </header>
      <Sidebar open={sidebarOpen} onClose={closeSidebar} />
      <div className={`overlay${overlay.active ? ' is-active' : ''}`} hidden={!overlay.active}
        onClick={() => closePanelsRequested.emit({})} aria-hidden="true" />
      <main id="main-content" tabIndex={-1}>
        {ROUTED_REMOTES.map((remote) => (
          <div key={remote} id={regionId(remote)} className="region" data-remote={remote} />
        ))}
      </main>
      <footer className="site-footer">
        <WidgetSlot loader={loader} remote="content" module="./Footer" className="slot-footer" />
        <div className="footer-bottom">
          <p>{t('footer.legal', { year: new Date().getFullYear() })}</p>
          <label className="language-switch">
            {t('language.label', { ns: 'common' })}{' '}
            <select value={i18n.language} onChange={(event) => {
              if (isLanguage(event.target.value)) void setLanguage(event.target.value);
            }}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>{t(`language.${language}`, { ns: 'common' })}</option>
              ))}
            </select>
          </label>
        </div>
      </footer>
      <Notifications onDismiss={onDismissNotification} />
    </>
  );
}
