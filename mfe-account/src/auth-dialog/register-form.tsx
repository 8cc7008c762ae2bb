import { $connectivity, linkTo, notificationRequested } from '@kaloryfer/contracts';
import { CONFIRM_LINK_HOURS } from '@kaloryfer/domain/newsletter';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useState, type FormEvent } from 'react';
import { register } from '../session/session-owner';
import { EMAIL_PROBLEMS, failureProblem, OFFLINE, registerProblem, type Problem, type RegisterValues } from './auth-problems';
import type { AuthView } from './auth-view';
import { AuthField, FormFailure, PasswordToggle } from './auth-field';
import { subscribeToNewsletter, type NewsletterAnswer } from './newsletter-signup';
import { useAuthForm, useRequest } from './use-auth-form';
import { useProblemText } from './use-problem-text';

const FIELDS = ['firstname', 'lastname', 'email', 'password', 'repeatPassword', 'terms'] as const;
const EMPTY: RegisterValues = { firstname: '', lastname: '', email: '', password: '', repeatPassword: '', terms: false, newsletter: false };

/** The shop's terms, a CMS page (shared/contracts routes: /i/:slug). */
const TERMS_PAGE = linkTo({ name: 'cms-page', slug: 'regulamin' });

/**
 * Registration (spec §5's messages): the account is made and signed in at once. The newsletter
 * consent is optional and unticked (PKE art. 398); ticked, it also goes to the newsletter API
 * with double opt-in, and the shopper is told to look for the confirmation e-mail.
 */
export function RegisterForm({ onRegistered, onShow }: { onRegistered: () => void; onShow: (view: AuthView) => void }) {
  const { t } = useTranslation('account');
  const text = useProblemText();
  const form = useAuthForm(EMPTY, FIELDS, registerProblem);
  const { busy, run, isRunning } = useRequest();
  const [failure, setFailure] = useState<Problem | null>(null);
  const [shown, setShown] = useState(false);
  const { values, problems, idOf } = form;

  const newsletterNotice: Record<NewsletterAnswer, () => void> = {
    pending: () =>
      notificationRequested.emit({ type: 'info', message: t('auth.register.newsletterPending', { hours: CONFIRM_LINK_HOURS }), timeToLive: 15000 }),
    subscribed: () => notificationRequested.emit({ type: 'info', message: t('auth.register.newsletterAlready') }),
    failed: () => notificationRequested.emit({ type: 'warning', message: t('auth.register.newsletterFailed'), timeToLive: 15000 }),
  };

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
      const customer = { email: values.email.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim(), isSubscribed: values.newsletter };
      try {
        const user = await register(customer, values.password);
        notificationRequested.emit({ type: 'success', message: t('auth.register.success', { name: user.firstname }) });
      } catch (error) {
        const problem = failureProblem(error);
        // A taken or refused address belongs to its field.
        if (EMAIL_PROBLEMS.has(problem)) form.reject('email', problem);
        else setFailure(problem);
        return;
      }
      if (values.newsletter) newsletterNotice[await subscribeToNewsletter(customer.email)]();
      onRegistered();
    });
  };

  const field = (name: 'firstname' | 'lastname' | 'email', autoComplete: string, extra: Partial<Parameters<typeof AuthField>[0]> = {}) => (
    <AuthField
      id={idOf(name)}
      label={t(`auth.field.${name}`)}
      autoComplete={autoComplete}
      value={values[name]}
      problem={problems[name]}
      onChange={(value) => form.change(name, value)}
      onBlur={() => form.blur(name)}
      {...extra}
    />
  );
  const password = (name: 'password' | 'repeatPassword', extra: Partial<Parameters<typeof AuthField>[0]> = {}) => (
    <AuthField
      id={idOf(name)}
      label={t(`auth.field.${name}`)}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      maxLength={256}
      value={values[name]}
      problem={problems[name]}
      onChange={(value) => form.change(name, value)}
      onBlur={() => form.blur(name)}
      {...extra}
    />
  );
  const termsId = idOf('terms');

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      <div className="auth-names">
        {field('firstname', 'given-name', { maxLength: 100 })}
        {field('lastname', 'family-name', { maxLength: 100 })}
      </div>
      {field('email', 'email', { type: 'email', inputMode: 'email' })}
      {password('password', {
        hint: t('auth.field.passwordHint'),
        after: (
          <PasswordToggle
            shown={shown}
            onToggle={() => setShown(!shown)}
            controls={`${idOf('password')} ${idOf('repeatPassword')}`}
            label={t('auth.password.show')}
          />
        ),
      })}
      {password('repeatPassword')}
      <div className="auth-check">
        <input
          id={termsId}
          type="checkbox"
          checked={values.terms}
          required
          aria-invalid={problems.terms ? true : undefined}
          aria-describedby={problems.terms ? `${termsId}-error` : undefined}
          onChange={(event) => form.change('terms', event.target.checked)}
        />
        {/* The link sits in the label's sentence; it opens in a new tab so the form is not lost. */}
        <label htmlFor={termsId}>
          {t('auth.register.terms')}{' '}
          <a href={TERMS_PAGE} target="_blank" rel="noopener">
            {t('auth.register.termsLink')}
            <span className="visually-hidden"> {t('auth.register.newTab')}</span>
          </a>
        </label>
      </div>
      {problems.terms ? (
        <p id={`${termsId}-error`} className="form-error">
          {text(problems.terms)}
        </p>
      ) : null}
      <fieldset className="auth-fieldset">
        <legend>{t('auth.register.newsletter')}</legend>
        <div className="auth-check">
          <input id={idOf('newsletter')} type="checkbox" checked={values.newsletter} onChange={(event) => form.change('newsletter', event.target.checked)} />
          <label htmlFor={idOf('newsletter')} className="auth-consent">
            {t('auth.register.newsletterConsent')}
          </label>
        </div>
      </fieldset>
      <FormFailure problem={failure} />
      <Button type="submit" block disabled={busy}>
        {t('auth.register.submit')}
      </Button>
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <Button variant="link" onClick={() => onShow('login')}>
          {t('auth.register.toLogin')}
        </Button>
      </p>
    </form>
  );
}
