import { notificationRequested } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useRef, useState, type FormEvent } from 'react';
import { accountApi } from '../../session/account-api';
import { AccountField, firstProblemIn } from './account-field';
import { useServerMessage } from './server-message';
import { useFocusLater } from './use-focus-later';
import { useOnline } from './use-online';
import { collect, hasProblems, newPasswordProblems, required, type Problems } from './validation';

const EMPTY = { current: '', next: '', repeat: '' };

/**
 * "Zmień hasło": the current password, the new one twice (spec §5). Refused while offline (spec §8,
 * its closest message); a failure shows the server's message translated (wrong current password).
 * The server keeps this session and ends the customer's others.
 */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const online = useOnline();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusLater();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    if (!online) {
      setProblems({});
      setFailure(t('Reset password feature does not work while offline!', { ns: 'messages' }));
      return;
    }
    const rules = newPasswordProblems(values.next, values.repeat);
    const found = collect([
      ['current', required(values.current, 256)],
      ['next', rules.password ?? null],
      ['repeat', rules.repeat ?? null],
    ]);
    setProblems(found);
    if (hasProblems(found)) {
      focusLater(() => firstProblemIn(formRef.current));
      return;
    }
    setSaving(true);
    try {
      await accountApi.changePassword(values.current, values.next);
      setValues(EMPTY);
      notificationRequested.emit({ type: 'success', message: 'Password has successfully been changed' });
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof typeof EMPTY, autoComplete: string, hint?: string) => (
    <AccountField
      id={`password-${name}`}
      type="password"
      label={t(`profile.password.${name}`)}
      value={values[name]}
      autoComplete={autoComplete}
      problem={problems[name]}
      maxLength={256}
      hint={hint}
      onChange={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <section className="account-section" aria-labelledby="account-password-heading">
      <h2 id="account-password-heading">{t('profile.password.title')}</h2>
      <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="account-password-heading">
        <div className="account-grid">
          {field('current', 'current-password')}
          {field('next', 'new-password', t('profile.password.hint'))}
          {field('repeat', 'new-password')}
        </div>
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="account-actions">
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {saving ? t('profile.saving') : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
