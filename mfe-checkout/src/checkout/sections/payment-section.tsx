import { useTranslation } from '@kaloryfer/i18n';
import { applySavedAddress, isAddressEmpty } from '../../domain/saved-address';
import type { CheckoutProblems } from '../../domain/validation';
import type { Checkout } from '../use-checkout';
import { AddressFieldset } from './address-fieldset';
import { MethodChoice } from './method-choice';
import { SavedAddressChoice } from './saved-address-choice';

/** Step 3: who pays (billing address, invoice) and how. */
export function PaymentSection({ checkout, problems }: { checkout: Checkout; problems: CheckoutProblems }) {
  const { t } = useTranslation('checkout');
  const { details, update, paymentMethods } = checkout;
  const company = details.checkoutType === 'company';
  return (
    <>
      <label className="checkout-check">
        <input
          type="checkbox"
          checked={details.payment.sameAsShipping}
          onChange={(event) =>
            update((draft) => {
              draft.payment.sameAsShipping = event.target.checked;
              // A billing address of one's own starts from the customer's default billing address, else the delivery one.
              if (!event.target.checked && isAddressEmpty(draft.payment)) {
                const defaultBilling = checkout.savedAddresses.find((address) => address.defaultBilling);
                if (defaultBilling) {
                  applySavedAddress(draft, 'payment', defaultBilling, 'prefill');
                } else {
                  const { shippingMethod: _method, ...address } = draft.shipping;
                  draft.payment = { ...draft.payment, ...address };
                }
              }
            })
          }
        />
        {t('checkout.sameAsShipping')}
      </label>
      {details.payment.sameAsShipping ? null : (
        <>
          <SavedAddressChoice checkout={checkout} target="payment" />
          <AddressFieldset
            prefix="payment"
            address={details.payment}
            problems={problems}
            onChange={(field, value) =>
              update((draft) => {
                (draft.payment[field] as string) = value;
              })
            }
          />
        </>
      )}
      {company ? (
        <p className="checkout-hint">{t('checkout.invoice.company', { company: details.invoice.customCompany, nip: details.invoice.customTaxId })}</p>
      ) : (
        <label className="checkout-check">
          <input
            type="checkbox"
            checked={details.invoice.customUseGenerateInvoice}
            onChange={(event) =>
              update((draft) => {
                draft.invoice.customUseGenerateInvoice = event.target.checked;
              })
            }
          />
          {t('checkout.invoice.private')}
        </label>
      )}
      <MethodChoice
        name="payment.paymentMethod"
        legend={t('checkout.paymentMethod')}
        chosen={details.payment.paymentMethod}
        problem={problems['payment.paymentMethod']}
        options={
          paymentMethods?.map((method) => ({
            code: method.code,
            title: method.title,
            price: method.cost_incl_tax,
            note: method.offline ? undefined : t('checkout.payment.online'),
          })) ?? null
        }
        onChoose={(code) =>
          update((draft) => {
            draft.payment.paymentMethod = code;
          })
        }
      />
    </>
  );
}
