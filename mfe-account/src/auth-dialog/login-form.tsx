import { $connectivity, notificationRequested } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useState, type FormEvent } from 'react';
import { login } from '../session/session-owner';
import { failureProblem, loginProblem, OFFLINE, type LoginValues, type Problem } from './auth-problems';
import type { AuthView } from './auth-view';
import { AuthField, FormFailure, PasswordToggle } from './auth-field';
import { useAuthForm, useRequest } from './use-auth-form';

const FIELDS = ['email', 'password'] as const;
const EMPTY: LoginValues = { email: '', password: '' };

/**
 * Sign in (spec §4 "User session"). The API answers a wrong password and an unknown e-mail
 * alike (no account enumeration), so the form says only that: the shopper stays on the page
 * they were on — a guarded my-account page then shows itself.
 */
export function LoginForm({ onSignedIn, onShow }: { onSignedIn: () => void; onShow: (view: AuthView) => void }) {
  const { t } = useTranslation('account');
  const form = useAuthForm(EMPTY, FIELDS, loginProblem);
  const { busy, run, isRunning } = useRequest();
  const [failure, setFailure] = useState<Problem | null>(null);
  const [shown, setShown] = useState(false);
  const { values, problems, idOf } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isRunning()) return;
    setFailure(null);
    if (!form.validate()) return;
    if (!$connectivity.get().online) {
      setFailure(OFFLINE);
      return;
    }
    void run(async () => {
      try {
        const user = await login(values.email, values.password);
        notificationRequested.emit({ type: 'success', message: t('auth.login.success', { name: user.firstname }) });
        onSignedIn();
      } catch (error) {
        setFailure(failureProblem(error));
      }
    });
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <AuthField
        id={idOf('email')}
        label={t('auth.field.email')}
        type="email"
        inputMode="email"
        autoComplete="username"
        value={values.email}
        problem={problems.email}
        onChange={(value) => form.change('email', value)}
        onBlur={() => form.blur('email')}
      />
      <AuthField
        id={idOf('password')}
        label={t('auth.field.password')}
        type={shown ? 'text' : 'password'}
        autoComplete="current-password"
        maxLength={256}
        value={values.password}
        problem={problems.password}
        onChange={(value) => form.change('password', value)}
        onBlur={() => form.blur('password')}
        after={<PasswordToggle shown={shown} onToggle={() => setShown(!shown)} controls={idOf('password')} label={t('auth.password.show')} />}
      />
      <FormFailure problem={failure} />
      <Button type="submit" block disabled={busy}>
        {t('auth.login.submit')}
      </Button>
      <p className="auth-switch">
        <Button variant="link" onClick={() => onShow('forgot')}>
          {t('auth.login.forgot')}
        </Button>
      </p>
      <p className="auth-switch">
        {t('auth.login.noAccount')}{' '}
        <Button variant="link" onClick={() => onShow('register')}>
          {t('auth.login.toRegister')}
        </Button>
      </p>
    </form>
  );
}
