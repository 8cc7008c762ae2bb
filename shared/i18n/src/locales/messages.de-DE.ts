import type { SpecMessage } from '../spec-messages';

/** German: the messages a shopper meets most; the rest fall back to en-US. */
export const messagesDe: Partial<Record<SpecMessage, string>> = {
  'You need to be logged in to see this page': 'Sie müssen angemeldet sein, um diese Seite zu sehen',
  'In stock!': 'Auf Lager!',
  'Out of the stock!': 'Nicht auf Lager!',
  'Field is required': 'Pflichtfeld',
  'Quantity must be above 0': 'Die Menge muss größer als 0 sein',
  'Quantity must be positive integer': 'Die Menge muss eine positive ganze Zahl sein',
  'Only {maxQuantity} products of this type are available': 'Nur {maxQuantity} Produkte dieser Art sind verfügbar',
  'Please provide valid e-mail address': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'Enter the zip code in the xx-xxx format': 'Geben Sie die Postleitzahl im Format xx-xxx ein',
  'Searched term should consist of at least 3 characters': 'Der Suchbegriff muss mindestens 3 Zeichen lang sein',
  'You must accept the terms and conditions': 'Sie müssen die AGB akzeptieren',
  'The phone number you entered is incorrect': 'Die eingegebene Telefonnummer ist ungültig',
  OK: 'OK',
  'Proceed to checkout': 'Zur Kasse',
  'Product has been added to the cart!': 'Das Produkt wurde in den Warenkorb gelegt!',
  'Product quantity has been updated!': 'Die Produktmenge wurde aktualisiert!',
  "You're logged out": 'Sie wurden abgemeldet',
  'The product is out of stock and cannot be added to the cart!': 'Das Produkt ist nicht auf Lager und kann nicht in den Warenkorb gelegt werden!',
  'Shopping cart is empty, add products before entering Checkout': 'Der Warenkorb ist leer, legen Sie Produkte hinein, bevor Sie zur Kasse gehen',
  'Out of stock': 'Nicht auf Lager',
  'Something went wrong': 'Etwas ist schiefgelaufen',
  '404 page not found': '404 Seite nicht gefunden',
  'You are offline': 'Sie sind offline',
};
