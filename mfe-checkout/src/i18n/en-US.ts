import type { CheckoutKey } from './pl-PL';

const checkoutEn: Record<CheckoutKey, string> = {
  'checkout.title': 'Checkout',
  'checkout.variant.a': 'Step-by-step checkout',
  'checkout.variant.b': 'One-page checkout',
  'checkout.steps': 'Checkout steps',
  'checkout.step.personal': 'Personal details',
  'checkout.step.shipping': 'Shipping',
  'checkout.step.payment': 'Payment',
  'checkout.step.orderReview': 'Order review',
  'checkout.backToShop': 'Back to shopping',
  'thankYou.title': 'Thank you for your order',
  'thankYou.number': 'Order number: {number}',
  'thankYou.noNumber': 'No order number was given.',
  'thankYou.next': 'We will e-mail a confirmation and tell you separately when it ships.',
};

export default checkoutEn;
