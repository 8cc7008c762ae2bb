import authWords from './auth.pl-PL';
import profileWords from './profile.pl-PL';
import ordersWords from './orders.pl-PL';
const accountPl = {
  'account.title': 'Moje konto',
  'account.shippingDetails': 'Adresy dostawy',
  'account.newsletter': 'Newsletter',
  'account.orders': 'Historia zamówień',
  'account.order': 'Zamówienie {orderId}',
  'account.recentlyViewed': 'Ostatnio oglądane',
  'account.createPassword': 'Ustaw nowe hasło',
  'account.createPasswordLead': 'Otwórz link z wiadomości e-mail, aby ustawić nowe hasło.',
  'account.login': 'Zaloguj się',
  'account.sections': 'Sekcje konta',
  'account.button': 'Konto',
  'wishlist.button': 'Lista życzeń',
  'wishlist.count_one': '{count} produkt na liście życzeń',
  'wishlist.count_few': '{count} produkty na liście życzeń',
  'wishlist.count_many': '{count} produktów na liście życzeń',
  'wishlist.count_other': '{count} produktu na liście życzeń',
  'wishlist.title': 'Lista życzeń',
  'wishlist.empty': 'Twoja lista życzeń jest pusta.',
  'wishlist.remove': 'Usuń {name} z listy życzeń',
  ...authWords,
  ...profileWords,
  ...ordersWords,
};

export type AccountKey = keyof typeof accountPl;
export default accountPl;
