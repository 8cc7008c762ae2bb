import type { SpecMessage } from '../spec-messages';

/** Italian: the messages a shopper meets most; the rest fall back to en-US. */
export const messagesIt: Partial<Record<SpecMessage, string>> = {
  'You need to be logged in to see this page': 'Devi effettuare l’accesso per vedere questa pagina',
  'In stock!': 'Disponibile!',
  'Out of the stock!': 'Non disponibile!',
  'Field is required': 'Campo obbligatorio',
  'Quantity must be above 0': 'La quantità deve essere maggiore di 0',
  'Quantity must be positive integer': 'La quantità deve essere un numero intero positivo',
  'Only {maxQuantity} products of this type are available': 'Sono disponibili solo {maxQuantity} prodotti di questo tipo',
  'Please provide valid e-mail address': 'Inserisci un indirizzo e-mail valido',
  'Enter the zip code in the xx-xxx format': 'Inserisci il CAP nel formato xx-xxx',
  'Searched term should consist of at least 3 characters': 'Il termine cercato deve contenere almeno 3 caratteri',
  'You must accept the terms and conditions': 'Devi accettare i termini e le condizioni',
  'The phone number you entered is incorrect': 'Il numero di telefono inserito non è corretto',
  OK: 'OK',
  'Proceed to checkout': 'Procedi al pagamento',
  'Product has been added to the cart!': 'Il prodotto è stato aggiunto al carrello!',
  'Product quantity has been updated!': 'La quantità del prodotto è stata aggiornata!',
  "You're logged out": 'Sei uscito',
  'The product is out of stock and cannot be added to the cart!': 'Il prodotto non è disponibile e non può essere aggiunto al carrello!',
  'Shopping cart is empty, add products before entering Checkout': 'Il carrello è vuoto, aggiungi prodotti prima di procedere al pagamento',
  'Out of stock': 'Non disponibile',
  'Something went wrong': 'Qualcosa è andato storto',
  '404 page not found': '404 pagina non trovata',
  'You are offline': 'Sei offline',
};
