import type { CustomerAddress } from '@kaloryfer/contracts';
import { formatPhone } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import { Button } from '@kaloryfer/ui';
import { useEffect, useRef } from 'react';
import { addressSummary } from './address-book';

export const cardId = (id: number) => `account-address-${id}`;

interface Props {
  address: CustomerAddress;
  busy: boolean;
  confirming: boolean;
  onEdit: () => void;
  onAskDelete: () => void;
  onDelete: () => void;
  onKeep: () => void;
  onDefault: (kind: 'defaultShipping' | 'defaultBilling') => void;
}

/**
 * A saved address: the lines as on a parcel, badges for the defaults, and its actions. Every
 * button's name ends with the address (visually hidden), so a list of "Edytuj" buttons is
 * still told apart by a screen reader. Deleting asks first, inside the card.
 */
export function AddressCard({ address, busy, confirming, onEdit, onAskDelete, onDelete, onKeep, onDefault }: Props) {
  const { t } = useTranslation('account');
  const questionRef = useRef<HTMLParagraphElement>(null);
  const summary = <span className="visually-hidden"> {addressSummary(address)}</span>;
  const id = cardId(address.id);

  useEffect(() => {
    if (confirming) questionRef.current?.focus();
  }, [confirming]);

  return (
    <article id={id} className="account-address" tabIndex={-1} aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`} className="account-address-name">
        {address.firstname} {address.lastname}
      </h3>
      {address.defaultShipping || address.defaultBilling ? (
        <ul className="account-badges">
          {address.defaultShipping ? <li>{t('profile.address.isDefaultShipping')}</li> : null}
          {address.defaultBilling ? <li>{t('profile.address.isDefaultBilling')}</li> : null}
        </ul>
      ) : null}
      <address>
        {address.company ? (
          <>
            {address.company}
            <br />
          </>
        ) : null}
        {address.street.join(' ')}
        <br />
        {address.postcode} {address.city}
        {address.telephone ? (
          <>
            <br />
            {t('profile.address.phone', { phone: formatPhone(address.telephone) })}
          </>
        ) : null}
        {address.vatId ? (
          <>
            <br />
            {t('profile.address.nip', { nip: address.vatId })}
          </>
        ) : null}
      </address>
      {confirming ? (
        <div className="account-confirm" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`} ref={questionRef} tabIndex={-1}>
            {t('profile.address.confirmDelete', { address: addressSummary(address) })}
          </p>
          <div className="account-actions">
            <Button onClick={onDelete} disabled={busy}>
              {t('profile.address.confirmYes')}
              {summary}
            </Button>
            <Button variant="secondary" onClick={onKeep} disabled={busy}>
              {t('profile.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="account-actions">
          <Button variant="secondary" onClick={onEdit} disabled={busy} data-action="edit">
            {t('profile.edit')}
            {summary}
          </Button>
          <Button variant="secondary" onClick={onAskDelete} disabled={busy} data-action="delete">
            {t('profile.address.delete')}
            {summary}
          </Button>
          {address.defaultShipping ? null : (
            <Button variant="link" onClick={() => onDefault('defaultShipping')} disabled={busy}>
              {t('profile.address.makeDefaultShipping')}
              {summary}
            </Button>
          )}
          {address.defaultBilling ? null : (
            <Button variant="link" onClick={() => onDefault('defaultBilling')} disabled={busy}>
              {t('profile.address.makeDefaultBilling')}
              {summary}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
