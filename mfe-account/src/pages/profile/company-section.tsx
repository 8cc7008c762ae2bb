import { linkTo, notificationRequested, type SessionUser } from '@kaloryfer/contracts';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useRef, useState, type FormEvent } from 'react';
import { apiAddressOf } from '../../session/account-api';
import { AccountField, firstProblemIn } from './account-field';
import { addressSummary } from './address-book';
import { CompanyLookup } from './company-lookup';
import { useServerMessage } from './server-message';
import { useFocusLater } from './use-focus-later';
import { useProfileSave } from './use-profile-save';
import { nipDigits } from '@kaloryfer/domain';
import { collect, hasProblems, nipProblem, required, type Problems } from './validation';

/**
 * The company's name and NIP for invoices. Magento keeps them on an address, so they live on the
 * default billing address (`company`, `vat_id`) and are saved with the whole address book.
 * Both or neither: an invoice needs the name and the NIP together. Saved through the sync queue,
 * as the names are (PersonalDataSection): offline the save is accepted on this device.
 */
export function CompanySection({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const billing = user.addresses.find((address) => address.defaultBilling) ?? null;
  return (
    <section className="account-section" aria-labelledby="account-company-heading">
      <h2 id="account-company-heading">{t('profile.company.title')}</h2>
      {billing ? (
        <CompanyForm key={billing.id} user={user} billingId={billing.id} />
      ) : (
        <p>
          {t(user.addresses.length === 0 ? 'profile.company.noAddress' : 'profile.company.noBilling')}{' '}
          <a href={linkTo({ name: 'my-account', section: 'shipping-details' })}>{t('profile.company.toAddresses')}</a>
        </p>
      )}
    </section>
  );
}

function CompanyForm({ user, billingId }: { user: SessionUser; billingId: number }) {
  const { t } = useTranslation('account');
  const serverMessage = useServerMessage();
  const billing = user.addresses.find((address) => address.id === billingId)!;
  const [company, setCompany] = useState(billing.company ?? '');
  const [nip, setNip] = useState(billing.vatId ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const { save, saving, queued } = useProfileSave();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusLater = useFocusLater();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const cleared = company.trim() === '' && nip.trim() === '';
    const found = cleared
      ? {}
      : collect([
          ['nip', nipProblem(nip)],
          ['company', required(company, 200)],
        ]);
    setProblems(found);
    setFailure(null);
    if (hasProblems(found)) {
      focusLater(() => firstProblemIn(formRef.current));
      return;
    }
    const book = user.addresses.map((address) =>
      address.id === billingId ? { ...address, company: cleared ? undefined : company.trim(), vatId: cleared ? undefined : nipDigits(nip) } : address,
    );
    save(
      { addresses: book.map(apiAddressOf) },
      {
        saved: () => notificationRequested.emit({ type: 'success', message: 'Account data has successfully been updated' }),
        failed: (error) => setFailure(serverMessage(error)),
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="account-company-heading" aria-describedby="account-company-where">
      <p id="account-company-where" className="account-hint">
        {t('profile.company.where', { address: addressSummary(billing) })}
      </p>
      <div className="account-grid">
        <AccountField
          id="company-nip"
          label={t('profile.field.vatId')}
          value={nip}
          onChange={setNip}
          problem={problems.nip}
          optional
          inputMode="numeric"
          maxLength={13}
          autoComplete="off"
          hint={t('profile.hint.nipLookup')}
        />
        <AccountField
          id="company-name"
          label={t('profile.field.company')}
          value={company}
          onChange={setCompany}
          problem={problems.company}
          autoComplete="organization"
          optional
        />
      </div>
      <CompanyLookup nip={nip} onUse={(found) => setCompany(found.name)} />
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {queued ? (
        <p className="account-hint" role="status">
          {t('profile.queuedOffline')}
        </p>
      ) : null}
      <div className="account-actions">
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('profile.saving') : t('profile.company.save')}
        </Button>
      </div>
    </form>
  );
}
