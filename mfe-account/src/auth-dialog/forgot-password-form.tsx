import { $connectivity } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useState, type FormEvent } from 'react';
import { accountApi } from '../session/account-api';
import { failureProblem, forgotProblem, RESET_OFFLINE, type ForgotValues, type Problem } from './auth-problems';
import type { AuthView } from './auth-view';
import { AuthField, FormFailure } from './auth-field';
import { useAuthForm, useRequest } from './use-auth-form';

const FIELDS = ['email'] as const;
const EMPTY: ForgotValues = { email: '' };

/**
 * Forgot password: the API mails a link to set a new one. It answers the same for an address
 * that has no account (docs/account.md, "No account enumeration"), and so does this form: "if
 * the account exists, a link was sent" — never whether it does. The form stays, so a mistyped
 * address can be corrected and sent again.
 */
export function ForgotPasswordForm({ onShow }: { onShow: (view: AuthView) => void }) {
  const { t } = useTranslation('account');
  const form = useAuthForm(EMPTY, FIELDS, forgotProblem);
  const { busy, run, isRunning } = useRequest();
  const [failure, setFailure] = useState<Problem | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, problems, idOf } = form;
  const leadId = `${idOf('email')}-lead`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isRunning()) return;
    setFailure(null);
    setSentTo(null);
    // Spec §8: refused while offline, before anything else.
    if (!$connectivity.get().online) {
      setFailure(RESET_OFFLINE);
      return;
    }
    if (!form.validate()) return;
    const email = values.email.trim();
    void run(async () => {
      try {
        await accountApi.resetPassword(email);
        setSentTo(email);
      } catch (error) {
        setFailure(failureProblem(error));
      }
    });
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy} aria-describedby={leadId}>
      <p id={leadId} className="auth-lead">
        {t('auth.forgot.lead')}
      </p>
      <AuthField
        id={idOf('email')}
        label={t('auth.field.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        problem={problems.email}
        onChange={(value) => form.change('email', value)}
        onBlur={() => form.blur('email')}
      />
      <FormFailure problem={failure} />
      <p role="status" className="auth-status">
        {sentTo ? t('auth.forgot.sent', { email: sentTo }) : ''}
      </p>
      <Button type="submit" block disabled={busy}>
        {t('auth.forgot.submit')}
      </Button>
      <p className="auth-switch">
        <Button variant="link" onClick={() => onShow('login')}>
          {t('auth.forgot.back')}
        </Button>
      </p>
    </form>
  );
}
