import { useTranslation } from '@kaloryfer/i18n';
import { Icon, PanelPortal, useFocusTrap } from '@kaloryfer/ui';
import { useEffect, useId, type RefObject } from 'react';
import type { AuthKey } from '../i18n/auth.pl-PL';
import type { AuthView } from './auth-view';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth-dialog.css';

const TITLES: Record<AuthView, AuthKey> = {
  login: 'auth.dialog.login',
  register: 'auth.dialog.register',
  forgot: 'auth.dialog.forgot',
};

/**
 * The sign-in dialog: a modal dialog named by its heading, above the page's overlay (rendered at
 * the end of <body>, as the drawers are), with sign in, registration and forgot password, one at
 * a time. Tab stays inside; Escape and the close button close it. Each form starts at its first
 * field — after a switch too, as the link that switched is gone.
 */
export function AuthDialog({
  view,
  sessionExpired = false,
  onShow,
  onClose,
  dialogRef,
}: {
  view: AuthView;
  /** The customer was signed out because their session could not be renewed: say so above the form. */
  sessionExpired?: boolean;
  onShow: (view: AuthView) => void;
  onClose: () => void;
  dialogRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('account');
  const titleId = useId();
  const noticeId = useId();
  useFocusTrap(dialogRef, true);
  useEffect(() => {
    (dialogRef.current?.querySelector<HTMLElement>('input') ?? dialogRef.current)?.focus();
  }, [view, dialogRef]);

  return (
    <PanelPortal>
      <div
        ref={dialogRef}
        className="auth-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={sessionExpired ? noticeId : undefined}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <div className="auth-dialog-head">
          <h2 id={titleId}>{t(TITLES[view])}</h2>
          <button type="button" className="button-icon" onClick={onClose} aria-label={t('close', { ns: 'common' })}>
            <Icon name="close" />
          </button>
        </div>
        {sessionExpired && (
          <p id={noticeId} className="auth-lead auth-expired">
            {t('auth.dialog.sessionExpired')}
          </p>
        )}
        {view === 'login' && <LoginForm onSignedIn={onClose} onShow={onShow} />}
        {view === 'register' && <RegisterForm onRegistered={onClose} onShow={onShow} />}
        {view === 'forgot' && <ForgotPasswordForm onShow={onShow} />}
      </div>
    </PanelPortal>
  );
}
