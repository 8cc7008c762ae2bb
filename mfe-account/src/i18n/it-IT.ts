import authWords from './auth.it-IT';
import profileWords from './profile.it-IT';
import ordersWords from './orders.it-IT';
import type { AccountKey } from './pl-PL';

const accountIt: Record<AccountKey, string> = {
  'account.title': 'Il mio account',
  'account.shippingDetails': 'Indirizzi di spedizione',
  'account.newsletter': 'Newsletter',
  'account.orders': 'Storico ordini',
  'account.order': 'Ordine {orderId}',
  'account.recentlyViewed': 'Visti di recente',
  'account.createPassword': 'Imposta una nuova password',
  'account.createPasswordLead': 'Apri il link nell’e-mail per impostare una nuova password.',
  'account.login': 'Accedi',
  'account.sections': "Sezioni dell'account",
  'account.button': 'Account',
  'wishlist.button': 'Lista dei desideri',
  'wishlist.count_one': '{count} prodotto nella lista dei desideri',
  'wishlist.count_few': '{count} prodotti nella lista dei desideri',
  'wishlist.count_many': '{count} prodotti nella lista dei desideri',
  'wishlist.count_other': '{count} prodotti nella lista dei desideri',
  'wishlist.title': 'Lista dei desideri',
  'wishlist.empty': 'La tua lista dei desideri è vuota.',
  'wishlist.remove': 'Rimuovi {name} dalla lista dei desideri',
  ...authWords,
  ...profileWords,
  ...ordersWords,
};

export default accountIt;
