import { $route, $session, linkTo, matchRoute, navigate, type RouteIntent } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { createRemoteLifecycles, Icon } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useAuthDialog } from '../auth-dialog/use-auth-dialog';
import { ACCOUNT_NAMESPACE } from '../i18n/namespace';
import { logout } from '../session/session-owner';
import { startAccountOwners } from '../state/start-owners';
import '../auth-dialog/account-menu.css';

startAccountOwners();

/**
 * The dialog's forms load when it first opens (a click, or `session:login-requested`): the header
 * button on every page stays small, and most page views never sign in.
 */
const AuthDialog = lazy(() => import('../auth-dialog/auth-dialog').then((module) => ({ default: module.AuthDialog })));

/** The signed-in customer's menu: where each link goes and its words (the account pages' titles). */
const MENU: { intent: RouteIntent; key: string }[] = [
  { intent: { name: 'my-account' }, key: 'account.title' },
  { intent: { name: 'my-account', section: 'orders' }, key: 'account.orders' },
  { intent: { name: 'my-account', section: 'shipping-details' }, key: 'account.shippingDetails' },
  { intent: { name: 'my-account', section: 'newsletter' }, key: 'account.newsletter' },
];

/** A my-account page needs a customer: after logout the shopper goes home from one. */
function onAccountPage(): boolean {
  const { remote, name } = matchRoute($route.get().path);
  return remote === 'account' && name !== 'create-password';
}

/**
 * The header's account button, on every page. Signed out: a button that opens the sign-in
 * dialog (which also opens on `session:login-requested`). Signed in: the customer's first name
 * and a disclosure menu of the account's pages and "Wyloguj się". A header widget is mounted in
 * the browser after hydration (the server renders an empty slot), so it reads `$session` as is.
 */
export function AccountButton() {
  const { t } = useTranslation('account');
  const session = useStore($session);
  // The one control of this widget, whichever is shown: where focus goes when the dialog closes
  // after signing in, or after logging out (the button that had it is gone by then).
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialog = useAuthDialog(buttonRef);
  const focusAfterLogout = useRef(false);

  useEffect(() => {
    if (session.authorised || !focusAfterLogout.current) return;
    focusAfterLogout.current = false;
    buttonRef.current?.focus();
  }, [session.authorised]);

  const signOut = async () => {
    focusAfterLogout.current = true;
    await logout();
    if (onAccountPage()) navigate({ name: 'home' });
  };

  return (
    <>
      {session.authorised ? (
        <AccountMenu buttonRef={buttonRef} name={session.user?.firstname || t('account.button')} onLogout={signOut} />
      ) : (
        <button
          ref={buttonRef}
          type="button"
          className="button-icon account-button"
          aria-haspopup="dialog"
          aria-label={t('account.login')}
          onClick={() => dialog.show('login')}
        >
          <Icon name="user" />
        </button>
      )}
      {dialog.view && (
        <Suspense fallback={null}>
          <AuthDialog view={dialog.view} sessionExpired={dialog.sessionExpired} onShow={dialog.show} onClose={dialog.close} dialogRef={dialog.dialogRef} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A disclosure (WAI-ARIA APG): Enter or Space on the button opens and closes it, Tab walks
 * through its links, Escape closes it and gives focus back to the button; focus or a click
 * elsewhere closes it.
 */
function AccountMenu({ buttonRef, name, onLogout }: { buttonRef: RefObject<HTMLButtonElement | null>; name: string; onLogout: () => void }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="account-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        buttonRef.current?.focus();
      }}
      // Only focus that went somewhere else closes it (Safari gives none when a click lands on a button of its own).
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button ref={buttonRef} type="button" className="button-icon account-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <Icon name="user" />
        <span className="visually-hidden">{t('auth.menu.account')} </span>
        <span className="account-name">{name}</span>
      </button>
      <nav id={menuId} className="account-menu-panel" aria-label={t('auth.menu.label')} hidden={!open}>
        <ul>
          {MENU.map(({ intent, key }) => (
            <li key={key}>
              <a href={linkTo(intent)} onClick={() => setOpen(false)}>
                {t(key)}
              </a>
            </li>
          ))}
          <li className="account-menu-logout">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {t('auth.menu.logout')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

export default createRemoteLifecycles(AccountButton, ACCOUNT_NAMESPACE);
