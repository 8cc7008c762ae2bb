import { linkTo, microcartToggleRequested } from '@kaloryfer/contracts';
import { PageFrame, RemoteVersion } from '@kaloryfer/ui';
import { useTranslation } from '@kaloryfer/i18n';
import { BUILD } from '../build-info';
import '../checkout/checkout.css';
import { OnePageCheckout } from '../checkout/one-page-checkout';
import { StepCheckout } from '../checkout/step-checkout';
import { useCheckout } from '../checkout/use-checkout';
import { useTermsNote } from '../checkout/checkout-terms';

/**
 * /checkout. Waits for the cart to load (an empty message before that would be a lie), turns
 * an empty cart away with the spec's message, stops before the form while a line cannot be
 * bought (sold out) — the order would be refused — and otherwise shows this build's variant: a
 * (steps by hash) or b (one page) — the same sections and rules.
 */
export function CheckoutPage({ hash }: { hash: string }) {
  const { t } = useTranslation('checkout');
  const checkout = useCheckout();
  const termsNote = useTermsNote();
  const { cart, order } = checkout;
  const variant = BUILD.variant === 'b' ? 'b' : 'a';
  const unavailable = cart.items.filter((line) => line.error);

  let body;
  if (order.kind === 'redirecting') body = <p role="status">{t('checkout.order.redirecting')}</p>;
  else if (!cart.isLoaded || !checkout.detailsReady) body = <p role="status">{t('checkout.loadingCart')}</p>;
  else if (cart.itemsCount === 0) {
    body = (
      <>
        <p role="alert">{t('Shopping cart is empty, add products before entering Checkout', { ns: 'messages' })}</p>
        <a className="button" href={linkTo({ name: 'home' })}>
          {t('checkout.backToShop')}
        </a>
      </>
    );
  } else if (unavailable.length > 0) {
    // The server would refuse the order (409): say so first, name the lines, and open the cart to remove them.
    body = (
      <>
        <div role="alert">
          <p>{t('Some of the ordered products are not available', { ns: 'messages' })}</p>
          <ul>
            {unavailable.map((line) => (
              <li key={line.itemId ?? line.sku}>{line.name}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="button" onClick={() => microcartToggleRequested.emit({ open: true })}>
          {t('checkout.openCart')}
        </button>
      </>
    );
  } else
    body =
      variant === 'a' ? <StepCheckout checkout={checkout} hash={hash} termsNote={termsNote} /> : <OnePageCheckout checkout={checkout} termsNote={termsNote} />;

  return (
    <PageFrame title={t('checkout.title')} lead={t(`checkout.variant.${variant}`)}>
      <RemoteVersion build={BUILD} />
      {body}
    </PageFrame>
  );
}
