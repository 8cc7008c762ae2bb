import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AccountField, firstProblemIn } from './account-field';
import { addressProblems, type AddressDraft } from './address-book';
import { useFocusLater } from './use-focus-later';
import { hasProblems, type Problems } from './validation';

interface Props {
  title: string;
  initial: AddressDraft;
  saving: boolean;
  failure: string | null;
  onSave: (draft: AddressDraft) => void;
  onCancel: () => void;
}

type TextField = Exclude<keyof AddressDraft, 'defaultShipping' | 'defaultBilling'>;

/**
 * One address of the book (docs/account.md's rules, checked here first): names, street and house
 * number (saved as `[street, number]`), `xx-xxx` postcode, city, Poland only; phone, company and
 * NIP optional; the two defaults. Its heading takes the focus when it opens.
 */
export function AddressForm({ title, initial, saving, failure, onSave, onCancel }: Props) {
  const { t } = useTranslation('account');
  const id = useId().replace(/:/g, '');
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusLater = useFocusLater();

  useEffect(() => headingRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = addressProblems(draft);
    setProblems(found);
    if (hasProblems(found)) {
      focusLater(() => firstProblemIn(formRef.current));
      return;
    }
    onSave(draft);
  };

  const field = (name: TextField, autoComplete: string, extra: Partial<Parameters<typeof AccountField>[0]> = {}) => (
    <AccountField
      id={`${id}-${name}`}
      label={t(`profile.field.${name}`)}
      value={draft[name]}
      autoComplete={autoComplete}
      problem={problems[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
      {...extra}
    />
  );
  const check = (name: 'defaultShipping' | 'defaultBilling') => (
    <label className="account-check">
      <input type="checkbox" checked={draft[name]} onChange={(event) => setDraft({ ...draft, [name]: event.target.checked })} />
      {t(`profile.address.${name}`)}
    </label>
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="account-address-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      <div className="account-grid">
        {field('firstname', 'given-name', { maxLength: 100 })}
        {field('lastname', 'family-name', { maxLength: 100 })}
        {field('street', 'address-line1', { maxLength: 150 })}
        {field('house', 'address-line2', { maxLength: 16, hint: t('profile.hint.house') })}
        {field('postcode', 'postal-code', { inputMode: 'numeric', maxLength: 6, hint: t('profile.hint.postcode') })}
        {field('city', 'address-level2', { maxLength: 100 })}
        {field('telephone', 'tel', { type: 'tel', optional: true, maxLength: 20, hint: t('profile.hint.phone') })}
        {field('company', 'organization', { optional: true })}
        {field('vatId', 'off', { optional: true, inputMode: 'numeric', maxLength: 13, hint: t('profile.hint.nip') })}
      </div>
      <p className="account-hint">{t('profile.address.polandOnly')}</p>
      {check('defaultShipping')}
      {check('defaultBilling')}
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="account-actions">
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('profile.saving') : t('profile.address.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('profile.cancel')}
        </Button>
      </div>
    </form>
  );
}
