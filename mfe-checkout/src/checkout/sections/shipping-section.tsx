import { shippingCodeOf } from '@kaloryfer/domain';
import { useTranslation } from '@kaloryfer/i18n';
import type { CheckoutProblems } from '../../domain/validation';
import type { Checkout } from '../use-checkout';
import { AddressFieldset } from './address-fieldset';
import { MethodChoice } from './method-choice';
import { SavedAddressChoice } from './saved-address-choice';

/** Step 2: the delivery address (a customer may pick a saved one) and how it comes (the server's methods for this cart; unavailable ones dropped). */
export function ShippingSection({ checkout, problems }: { checkout: Checkout; problems: CheckoutProblems }) {
  const { t } = useTranslation('checkout');
  const { details, update, shippingMethods } = checkout;
  return (
    <>
      <SavedAddressChoice checkout={checkout} target="shipping" />
      <AddressFieldset
        prefix="shipping"
        address={details.shipping}
        problems={problems}
        withPhone
        onChange={(field, value) =>
          update((draft) => {
            (draft.shipping[field] as string) = value;
          })
        }
      />
      <MethodChoice
        name="shipping.shippingMethod"
        legend={t('checkout.shippingMethod')}
        chosen={details.shipping.shippingMethod}
        problem={problems['shipping.shippingMethod']}
        options={shippingMethods?.map((method) => ({ code: shippingCodeOf(method), title: method.method_title, price: method.price_incl_tax })) ?? null}
        onChoose={(code) =>
          update((draft) => {
            draft.shipping.shippingMethod = code;
          })
        }
      />
    </>
  );
}
