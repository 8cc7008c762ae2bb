import { useTranslation } from '@kaloryfer/i18n';
import { addressSummary, applySavedAddress, clearAddress, matchesSaved } from '../../domain/saved-address';
import type { Checkout } from '../use-checkout';

/**
 * A signed-in customer's address book above an address fieldset: choosing a saved address fills
 * the fieldset (still editable), "Nowy adres" empties it. Which one is chosen is read from the
 * fields themselves, so an edited address shows as a new one and a reload shows the same choice.
 */
export function SavedAddressChoice({ checkout, target }: { checkout: Checkout; target: 'shipping' | 'payment' }) {
  const { t } = useTranslation('checkout');
  const { savedAddresses, details, update } = checkout;
  if (savedAddresses.length === 0) return null;
  const chosen = savedAddresses.find((address) => matchesSaved(details[target], address))?.id ?? 'new';
  const name = `${target}.savedAddress`;
  const isDefault = (address: (typeof savedAddresses)[number]) => (target === 'shipping' ? address.defaultShipping : address.defaultBilling);
  return (
    <fieldset className="checkout-choice checkout-saved-addresses">
      <legend>{t(`checkout.savedAddresses.${target}`)}</legend>
      {savedAddresses.map((address) => (
        <label key={address.id}>
          <input
            type="radio"
            name={name}
            value={String(address.id)}
            checked={chosen === address.id}
            onChange={() => update((draft) => applySavedAddress(draft, target, address))}
          />
          <span>
            {addressSummary(address)}
            {isDefault(address) ? <span className="checkout-optional"> ({t('checkout.savedAddresses.default')})</span> : null}
          </span>
        </label>
      ))}
      <label>
        <input type="radio" name={name} value="new" checked={chosen === 'new'} onChange={() => update((draft) => clearAddress(draft, target))} />
        {t('checkout.savedAddresses.new')}
      </label>
    </fieldset>
  );
}
