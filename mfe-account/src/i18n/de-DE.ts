import authWords from './auth.de-DE';
import profileWords from './profile.de-DE';
import ordersWords from './orders.de-DE';
import type { AccountKey } from './pl-PL';

const accountDe: Record<AccountKey, string> = {
  'account.title': 'Mein Konto',
  'account.shippingDetails': 'Lieferadressen',
  'account.newsletter': 'Newsletter',
  'account.orders': 'Bestellhistorie',
  'account.order': 'Bestellung {orderId}',
  'account.recentlyViewed': 'Zuletzt angesehen',
  'account.createPassword': 'Neues Passwort festlegen',
  'account.createPasswordLead': 'Öffnen Sie den Link aus der E-Mail, um ein neues Passwort festzulegen.',
  'account.login': 'Anmelden',
  'account.sections': 'Kontobereiche',
  'account.button': 'Konto',
  'wishlist.button': 'Wunschliste',
  'wishlist.count_one': '{count} Produkt auf der Wunschliste',
  'wishlist.count_few': '{count} Produkte auf der Wunschliste',
  'wishlist.count_many': '{count} Produkte auf der Wunschliste',
  'wishlist.count_other': '{count} Produkte auf der Wunschliste',
  'wishlist.title': 'Wunschliste',
  'wishlist.empty': 'Ihre Wunschliste ist leer.',
  'wishlist.remove': '{name} von der Wunschliste entfernen',
  ...authWords,
  ...profileWords,
  ...ordersWords,
};

export default accountDe;
