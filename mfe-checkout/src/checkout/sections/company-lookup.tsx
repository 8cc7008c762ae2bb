import type { Company } from '@kaloryfer/api-contract';
import { useTranslation } from '@kaloryfer/i18n';
import { useCompanyLookup } from '@kaloryfer/ui';
import type { CheckoutDetails } from '../../domain/details';
import { nipProblem } from '../../domain/validation';
import { checkoutApi } from '../checkout-api';

/** The invoice data a company from the register fills in: its name and REGON, and its seat as the billing address. */
export function applyCompany(draft: CheckoutDetails, company: Company): void {
  draft.invoice.customCompany = company.name;
  draft.invoice.customRegon = company.regon;
  draft.invoice.customUseGenerateInvoice = true;
  draft.payment = {
    ...draft.payment,
    sameAsShipping: false,
    firstName: draft.personal.firstName,
    lastName: draft.personal.lastName,
    phoneNumber: draft.personal.phoneNumber,
    streetAddress: company.street,
    apartmentNumber: company.buildingNumber,
    flatNumber: company.flatNumber,
    zipCode: company.postcode,
    city: company.city,
    country: 'PL',
  };
}

/**
 * A valid NIP asks the GUS register (through the API) and offers what it found; the shopper
 * decides whether to use it. Nothing is asked for an invalid NIP.
 */
export function CompanyLookup({ nip, onUse }: { nip: string; onUse: (company: Company) => void }) {
  const { t } = useTranslation('checkout');
  const valid = nip.trim() !== '' && nipProblem(nip) === null;
  const lookup = useCompanyLookup(valid ? nip.replace(/[\s-]/g, '') : null, checkoutApi.company);

  if (lookup.kind === 'idle') return null;
  return (
    <div className="checkout-lookup" role="status">
      {lookup.kind === 'loading' ? <p>{t('checkout.gus.loading')}</p> : null}
      {lookup.kind === 'notFound' ? <p>{t('checkout.gus.notFound')}</p> : null}
      {lookup.kind === 'failed' ? <p>{t('checkout.gus.failed')}</p> : null}
      {lookup.kind === 'found' ? (
        <>
          <p>
            {t('checkout.gus.found')} <strong>{lookup.company.name}</strong>, {lookup.company.street} {lookup.company.buildingNumber}
            {lookup.company.flatNumber ? `/${lookup.company.flatNumber}` : ''}, {lookup.company.postcode} {lookup.company.city} (
            {t('checkout.field.customRegon')} {lookup.company.regon})
          </p>
          <button type="button" className="button-secondary" onClick={() => onUse(lookup.company)}>
            {t('checkout.gus.use')}
          </button>
        </>
      ) : null}
    </div>
  );
}
