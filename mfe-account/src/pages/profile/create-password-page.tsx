import { $route, loginRequested, navigate, notificationRequested } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button, PageFrame, useRequestStore } from '@kaloryfer/ui';
import { useRef, useState, type FormEvent } from 'react';
import { accountApi } from '../../session/account-api';
import { login } from '../../session/session-owner';
import { AccountField, firstProblemIn } from './account-field';
import { isResetLinkRefusal, useServerMessage } from './server-message';
import { useFocusLater } from './use-focus-later';
import { useOnline } from './use-online';
import { hasProblems, newPasswordProblems, type Problems } from './validation';
import '../account.css';

/** The sign-in dialog has "Nie pamiętasz hasła?": the way to a new link. */
const askForNewLink = () => loginRequested.emit({ mode: 'login', reason: 'reset-password' });

/**
 * `/create-password?email=…&resetToken=…`, the reset e-mail's link (public). The new password
 * twice; the API takes the token once within the hour and ends every session, so the shopper is
 * then signed in with the new password and taken to their account. The link's values come from
 * the request (`$route`), the same on the server and in the hydrating render.
 */
export function CreatePasswordPage() {
  const { t } = useTranslation('account');
  const route = useRequestStore($route);
  const query = new URLSearchParams(route.search);
  const email = query.get('email')?.trim() ?? '';
  const resetToken = query.get('resetToken')?.trim() ?? '';
  return (
    <PageFrame title={t('account.createPassword')}>
      {email && resetToken ? (
        <CreatePasswordForm email={email} resetToken={resetToken} />
      ) : (
        <div className="account-page account-section">
          <p>{t('account.createPasswordLead')}</p>
          <p>{t('profile.createPassword.incomplete')}</p>
          <Button variant="secondary" onClick={askForNewLink}>
            {t('profile.createPassword.newLink')}
          </Button>
        </div>
      )}
    </PageFrame>
  );
}

function CreatePasswordForm({ email, resetToken }: { email: string; resetToken: string }) {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const online = useOnline();
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ text: string; newLink: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusLater();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    if (!online) {
      setFailure({ text: t('Reset password feature does not work while offline!', { ns: 'messages' }), newLink: false });
      return;
    }
    const found = newPasswordProblems(values.password, values.repeat);
    setProblems(found);
    if (hasProblems(found)) {
      focusLater(() => firstProblemIn(formRef.current));
      return;
    }
    setSaving(true);
    try {
      await accountApi.createPassword(email, values.password, resetToken);
    } catch (error) {
      setSaving(false);
      setFailure({ text: serverMessage(error), newLink: isResetLinkRefusal(error) });
      return;
    }
    notificationRequested.emit({ type: 'success', message: 'Password has successfully been changed' });
    try {
      await login(email, values.password);
      navigate({ name: 'my-account' });
    } catch {
      // The password is set; only the automatic sign-in failed: the dialog lets the shopper do it.
      setSaving(false);
      setFailure({ text: t('profile.createPassword.signInYourself'), newLink: false });
      loginRequested.emit({ mode: 'login', reason: 'password-created' });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="account-page account-section" aria-describedby="account-create-password-for">
      <p id="account-create-password-for">{t('profile.createPassword.for', { email })}</p>
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <div className="account-grid">
        <AccountField
          id="create-password"
          type="password"
          label={t('profile.password.next')}
          value={values.password}
          autoComplete="new-password"
          problem={problems.password}
          maxLength={256}
          hint={t('profile.password.hint')}
          onChange={(password) => setValues({ ...values, password })}
        />
        <AccountField
          id="create-password-repeat"
          type="password"
          label={t('profile.password.repeat')}
          value={values.repeat}
          autoComplete="new-password"
          problem={problems.repeat}
          maxLength={256}
          onChange={(repeat) => setValues({ ...values, repeat })}
        />
      </div>
      {failure ? (
        <div role="alert">
          <p className="form-error">{failure.text}</p>
          {failure.newLink ? (
            <Button variant="secondary" onClick={askForNewLink}>
              {t('profile.createPassword.newLink')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="account-actions">
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('profile.saving') : t('profile.createPassword.submit')}
        </Button>
      </div>
    </form>
  );
}
