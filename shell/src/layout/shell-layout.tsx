import {
  $overlay,
  BUILT_IN_REMOTES,
  closePanelsRequested,
  linkTo,
  navigationRequested,
  notificationRequested,
  routedRemotes,
  slotOwners,
  type OverlayState,
  type RemoteDefinition,
  type RemoteName,
} from '@kaloryfer/contracts';
import { isLanguage, LANGUAGES, setLanguage, useTranslation } from '@kaloryfer/i18n';
import { Icon, useClientStore } from '@kaloryfer/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { headerWidgetsOf } from '../apps/header-widgets';
import { addressAfterSwitch } from '../routing/page-language';
import type { RegionMounter } from '../apps/region-mounter';
import { Notifications } from './notifications';
import { ProgressBar } from './progress-bar';
import { ServerSlot } from './server-slot';
import { Sidebar } from './sidebar';
import { WidgetSlot } from './widget-slot';

export function regionId(remote: RemoteName): string {
  return `region-${remote}`;
}

export const FOOTER_SLOT_ID = 'slot-footer';

/** What the server renders of the shell's atoms (the browser's follow right after hydration). */
const NO_OVERLAY: OverlayState = { active: false, panels: [] };

/**
 * The page's frame: header with its widget slots, the sidebar, one region per remote that owns
 * routes, the footer — which remotes fill them is the shop's (`remotes`: the built-in five and
 * those the registry names). Rendered by the page server (with markers where the remotes' HTML
 * goes) and hydrated in the browser; `mounter` is null on the server.
 */
export function ShellLayout({
  mounter,
  remotes = BUILT_IN_REMOTES,
  year,
  markers = false,
  onDismissNotification,
}: {
  mounter: RegionMounter | null;
  /** The shop's remotes (the page's registry: `Registry.shop`). */
  remotes?: readonly RemoteDefinition[];
  /** The legal line's year, as the server wrote it (a render never reads the clock). */
  year: number;
  /** Server: mark where the page server puts each region's HTML. */
  markers?: boolean;
  onDismissNotification: (id: number) => void;
}) {
  const { t, i18n } = useTranslation('shell');
  // Once per list of remotes: a slot's widget is the identity its mount follows.
  const widgets = useMemo(() => headerWidgetsOf(remotes), [remotes]);
  const footer = slotOwners(remotes).footer;
  const overlay = useClientStore($overlay, NO_OVERLAY);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null); // where focus goes back when the sidebar closes
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
      <a className="skip-link" href="#main-content">
        {t('skip')}
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <button
            ref={menuButton}
            type="button"
            className="button-icon menu-button"
            aria-expanded={sidebarOpen}
            aria-controls="sidebar"
            onClick={() => setSidebarOpen(true)}
          >
            <Icon name="menu" /> <span className="menu-label">{t('header.menu')}</span>
          </button>
          <a className="logo" href={linkTo({ name: 'home' })} aria-label={t('header.home')}>
            {t('shop.name', { ns: 'common' })}
            <span className="logo-dot" aria-hidden="true">
              .
            </span>
          </a>
          <WidgetSlot mounter={mounter} name="search" widget={widgets.search} className="slot-search" />
          <div className="header-actions">
            <WidgetSlot mounter={mounter} name="account" widget={widgets.account} className="slot-account" />
            <WidgetSlot mounter={mounter} name="wishlist" widget={widgets.wishlist} className="slot-wishlist" />
            <WidgetSlot mounter={mounter} name="minicart" widget={widgets.minicart} className="slot-minicart" />
          </div>
        </div>
      </header>
      <Sidebar open={sidebarOpen} onClose={closeSidebar} opener={menuButton} />
      <div
        className={`overlay${overlay.active ? ' is-active' : ''}`}
        hidden={!overlay.active}
        onClick={() => closePanelsRequested.emit({})}
        aria-hidden="true"
      />
      <main id="main-content" tabIndex={-1}>
        {routedRemotes(remotes).map((remote) => (
          <ServerSlot key={remote} id={regionId(remote)} className="region" dataRemote={remote} marker={markers} />
        ))}
      </main>
      <footer className="site-footer">
        {footer && (
          <ServerSlot id={FOOTER_SLOT_ID} className="slot slot-footer" remote={footer.remote} module={footer.module} mounter={mounter} marker={markers} />
        )}
        <div className="footer-bottom">
          <p>{t('footer.legal', { year })}</p>
          <label className="language-switch">
            {t('language.label', { ns: 'common' })}{' '}
            <select
              value={i18n.language}
              onChange={(event) => {
                const select = event.target;
                const before = i18n.language;
                if (!isLanguage(select.value)) return;
                const chosen = select.value;
                setLanguage(chosen).then(
                  () => {
                    // An address naming a language (?lang=) now names the chosen one: a reload or a shared link shows it.
                    const to = addressAfterSwitch(location.pathname, location.search, location.hash, chosen);
                    if (to) navigationRequested.emit({ to, replace: true });
                  },
                  (error: unknown) => {
                    // Its words cannot arrive (offline): the page keeps its language, and says why.
                    select.value = before;
                    console.warn('[shell] language switch refused', error);
                    notificationRequested.emit({ type: 'warning', message: 'language.unavailable' });
                  },
                );
              }}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`language.${language}`, { ns: 'common' })}
                </option>
              ))}
            </select>
          </label>
        </div>
      </footer>
      <Notifications onDismiss={onDismissNotification} />
    </>
  );
}
