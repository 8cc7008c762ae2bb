import authWords from './auth.en-US';
import profileWords from './profile.en-US';
import ordersWords from './orders.en-US';
import type { AccountKey } from './pl-PL';

const accountEn: Record<AccountKey, string> = {
  'account.title': 'My account',
  'account.shippingDetails': 'Shipping addresses',
  'account.newsletter': 'Newsletter',
  'account.orders': 'Order history',
  'account.order': 'Order {orderId}',
  'account.recentlyViewed': 'Recently viewed',
  'account.createPassword': 'Set a new password',
  'account.createPasswordLead': 'Open the link from the e-mail to set a new password.',
  'account.login': 'Log in',
  'account.sections': 'Account sections',
  'account.button': 'Account',
  'wishlist.button': 'Wishlist',
  'wishlist.count_one': '{count} product on the wishlist',
  'wishlist.count_few': '{count} products on the wishlist',
  'wishlist.count_many': '{count} products on the wishlist',
  'wishlist.count_other': '{count} products on the wishlist',
  'wishlist.title': 'Wishlist',
  'wishlist.empty': 'Your wishlist is empty.',
  'wishlist.remove': 'Remove {name} from the wishlist',
  ...authWords,
  ...profileWords,
  ...ordersWords,
};

export default accountEn;
