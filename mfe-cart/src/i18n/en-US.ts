import type { CartKey } from './pl-PL';

const cartEn: Record<CartKey, string> = {
  'minicart.open': 'Cart',
  'minicart.count_one': '{count} product in the cart',
  'minicart.count_few': '{count} products in the cart',
  'minicart.count_many': '{count} products in the cart',
  'minicart.count_other': '{count} products in the cart',
  'minicart.title': 'Your cart',
  'minicart.empty': 'Your cart is empty.',
  'minicart.emptyHint': 'Add a radiator or accessories and they will show up here.',
};

export default cartEn;
