import { notificationRequested, type SessionUser } from '@kaloryfer/contracts';
import { emailProblem } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useRef, useState, type FormEvent } from 'react';
import { AccountField, firstProblemIn } from './account-field';
import { useFocusLater } from './use-focus-later';
import { useProfileSave } from './use-profile-save';
import { useServerMessage } from './server-message';
import { collect, hasProblems, person, type Problem, type Problems } from './validation';

type Draft = { firstname: string; lastname: string; email: string };

/**
 * The customer's names and e-mail: shown, and on "Edytuj" a form (spec §5 rules) saved with
 * `POST /api/user/me` through the sync queue (spec §7 "POST me {profile} (queued)"). Offline the
 * save is accepted on this device and the form closes; the answer, when the queue sends it later,
 * shows as it would have at once (a refusal reopens the form with what was sent).
 */
export function PersonalDataSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const { save, saving, queued } = useProfileSave();
  const draftRef = useRef(draft);
  draftRef.current = draft;
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

  const submit = (event: FormEvent) => {
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
    const sent: Draft = { firstname: draft.firstname.trim(), lastname: draft.lastname.trim(), email: draft.email.trim() };
    const { acceptedOffline } = save(sent, {
      saved: (wasQueued) => {
        notificationRequested.emit({ type: 'success', message: 'Account data has successfully been updated' });
        // The form waited for this answer: it closes. Answered later (accepted offline), the form is
        // closed already; if it was opened again meanwhile, it closes only while it still shows what was saved.
        const shown = draftRef.current;
        if (!shown) return;
        if (!wasQueued || (shown.firstname.trim() === sent.firstname && shown.lastname.trim() === sent.lastname && shown.email.trim() === sent.email)) close();
      },
      failed: (error) => {
        setFailure(serverMessage(error));
        // Refused after it was accepted offline: the form again, with what was sent, to put it right.
        if (!draftRef.current) {
          setProblems({});
          setDraft(sent);
        }
      },
    });
    if (acceptedOffline) close();
  };

  const field = (name: 'firstname' | 'lastname' | 'email', autoComplete: string, type: 'text' | 'email' = 'text') =>
    draft && (
      <AccountField
        id={`personal-${name}`}
        label={t(`profile.field.${name}`)}
        value={draft[name]}
        type={type}
        autoComplete={autoComplete}
        problem={problems[name]}
        maxLength={name === 'email' ? 254 : 100}
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
          {failure ? (
            <p className="form-error" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="account-actions">
            <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
              {saving ? t('profile.saving') : t('profile.save')}
            </Button>
            <Button variant="secondary" onClick={close} disabled={saving}>
              {t('profile.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="account-facts">
            <div>
              <dt>{t('profile.field.firstname')}</dt>
              <dd>{user.firstname}</dd>
            </div>
            <div>
              <dt>{t('profile.field.lastname')}</dt>
              <dd>{user.lastname}</dd>
            </div>
            <div>
              <dt>{t('profile.field.email')}</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <Button ref={editRef} variant="secondary" onClick={open}>
            {t('profile.edit')}
            <span className="visually-hidden"> {t('profile.personal.title')}</span>
          </Button>
        </>
      )}
      {queued ? (
        <p className="account-hint" role="status">
          {t('profile.queuedOffline')}
        </p>
      ) : null}
    </section>
  );
}
