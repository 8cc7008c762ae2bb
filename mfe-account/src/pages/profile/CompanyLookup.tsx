import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useEffect, useState } from 'react';
import { lookupCompany, type RegisteredCompany } from './company-lookup';
import { nipDigits, nipProblem } from './validation';

type Lookup = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; company: RegisteredCompany } | { kind: 'notFound' } | { kind: 'failed' };

/**
 * As in checkout: a valid NIP asks the GUS register (through the API) and offers the company's
 * name; the customer decides whether to use it. Nothing is asked for an invalid NIP.
 */
export function CompanyLookup({ nip, onUse }: { nip: string; onUse: (company: RegisteredCompany) => void }) {
  const { t } = useTranslation('account');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const digits = nipDigits(nip);
  const valid = digits !== '' && nipProblem(digits) === null;

  useEffect(() => {
    if (!valid) {
      setLookup({ kind: 'idle' });
      return;
    }
    let live = true;
    setLookup({ kind: 'loading' });
    lookupCompany(digits)
      .then((company) => {
        if (live) setLookup(company ? { kind: 'found', company } : { kind: 'notFound' });
      })
      .catch(() => {
        if (live) setLookup({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [valid, digits]);

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
