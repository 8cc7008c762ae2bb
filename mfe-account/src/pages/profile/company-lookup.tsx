import { useTranslation } from '@kaloryfer/i18n';
import { Button, useCompanyLookup } from '@kaloryfer/ui';
import { lookupCompany, type RegisteredCompany } from './lookup-company';
import { nipDigits } from '@kaloryfer/domain';
import { nipProblem } from './validation';

/**
 * As in checkout: a valid NIP asks the GUS register (through the API) and offers the company's
 * name; the customer decides whether to use it. Nothing is asked for an invalid NIP.
 */
export function CompanyLookup({ nip, onUse }: { nip: string; onUse: (company: RegisteredCompany) => void }) {
  const { t } = useTranslation('account');
  const digits = nipDigits(nip);
  const lookup = useCompanyLookup(digits !== '' && nipProblem(digits) === null ? digits : null, lookupCompany);

  return (
    <div className="account-lookup" role="status">
      {lookup.kind === 'loading' ? <p>{t('profile.gus.loading')}</p> : null}
      {lookup.kind === 'notFound' ? <p>{t('profile.gus.notFound')}</p> : null}
      {lookup.kind === 'failed' ? <p>{t('profile.gus.failed')}</p> : null}
      {lookup.kind === 'found' ? (
        <>
          <p>
            {t('profile.gus.found')} <strong>{lookup.company.name}</strong>
          </p>
          <Button variant="secondary" onClick={() => onUse(lookup.company)}>
            {t('profile.gus.use')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
