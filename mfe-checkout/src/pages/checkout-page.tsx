import { $cart, linkTo } from '@kaloryfer/contracts';
import { PageFrame, RemoteVersion } from '@kaloryfer/ui';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { BUILD } from '../build-info';
import { STEPS, stepFromHash } from './checkout-steps';

/** Checkout entry: an empty cart is turned away with the spec's message; otherwise the steps. */
export function CheckoutPage({ hash }: { hash: string }) {
  const { t } = useTranslation('checkout');
  const cart = useStore($cart);
  const variant = BUILD.variant === 'b' ? 'b' : 'a';
  const current = stepFromHash(hash);
  return (
    <PageFrame title={t('checkout.title')} lead={t(`checkout.variant.${variant}`)}>
      <RemoteVersion build={BUILD} />
      {cart.itemsCount === 0 ? (
        <>
          <p role="alert">{t('Shopping cart is empty, add products before entering Checkout', { ns: 'messages' })}</p>
          <a className="button" href={linkTo({ name: 'home' })}>{t('checkout.backToShop')}</a>
        </>
      ) : (
        <nav aria-label={t('checkout.steps')}>
          <ol>
            {STEPS.map((step) => (
              <li key={step.id} aria-current={variant === 'a' && step.id === current ? 'step' : undefined}>
                {t(`checkout.step.${step.id}`)}
              </li>
            ))}
          </ol>
        </nav>
      )}
    </PageFrame>
  );
}
