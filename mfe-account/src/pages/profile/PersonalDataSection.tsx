import { notificationRequested, type SessionUser } from '@kaloryfer/contracts';
import { emailProblem } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useRef, useState, type FormEvent } from 'react';
import { saveProfile } from '../../session/session-owner';
import { AccountField, firstProblemIn } from './AccountField';
import { useFocusLater } from './use-focus-later';
import { useServerMessage } from './server-message';
import { collect, hasProblems, person, type Problem, type Problems } from './validation';

/** The customer's names and e-mail: shown, and on "Edytuj" a form (spec §5 rules) saved with `POST /api/user/me`. */
export function PersonalDataSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const [draft, setDraft] = useState<{ firstname: string; lastname: string; email: string } | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();

  const open = () => {
    setDraft({ firstname: user.firstname, lastname: user.lastname, email: user.email });
    setProblems({});
    setFailure(null);
    focusLater(() => formRef.current?.querySelector('input'));
  };
  const close = () => {
    setDraft(null);
    focusLater(() => editRef.current);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || saving) return;
    const found = collect([
      ['firstname', person(draft.firstname)],
      ['lastname', person(draft.lastname)],
      ['email', emailProblem(draft.email) as Problem | null],
    ]);
    setProblems(found);
    setFailure(null);
    if (hasProblems(found)) {
      focusLater(() => firstProblemIn(formRef.current));
      return;
    }
    setSaving(true);
    try {
      await saveProfile({ firstname: draft.firstname.trim(), lastname: draft.lastname.trim(), email: draft.email.trim() });
      notificationRequested.emit({ type: 'success', message: 'Account data has successfully been updated' });
      close();
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: 'firstname' | 'lastname' | 'email', autoComplete: string, type: 'text' | 'email' = 'text') => draft && (
    <AccountField
      id={`personal-${name}`} label={t(`profile.field.${name}`)} value={draft[name]} type={type} autoComplete={autoComplete}
      problem={problems[name]} maxLength={name === 'email' ? 254 : 100}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );

  return (
    <section className="account-section" aria-labelledby="account-personal-heading">
      <h2 id="account-personal-heading">{t('profile.personal.title')}</h2>
      {draft ? (
        <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="account-personal-heading">
          <div className="account-grid">
            {field('firstname', 'given-name')}
            {field('lastname', 'family-name')}
            {field('email', 'email', 'email')}
          </div>
          {failure ? <p className="form-error" role="alert">{failure}</p> : null}
          <div className="account-actions">
            <Button type="submit" disabled={saving} aria-busy={saving || undefined}>{saving ? t('profile.saving') : t('profile.save')}</Button>
            <Button variant="secondary" onClick={close} disabled={saving}>{t('profile.cancel')}</Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="account-facts">
            <div><dt>{t('profile.field.firstname')}</dt><dd>{user.firstname}</dd></div>
            <div><dt>{t('profile.field.lastname')}</dt><dd>{user.lastname}</dd></div>
            <div><dt>{t('profile.field.email')}</dt><dd>{user.email}</dd></div>
          </dl>
          <Button ref={editRef} variant="secondary" onClick={open}>
            {t('profile.edit')}<span className="visually-hidden"> {t('profile.personal.title')}</span>
          </Button>
        </>
      )}
    </section>
  );
}
