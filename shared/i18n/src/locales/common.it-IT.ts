import type { CommonKey } from './common';

/** Italian: every key Polish has (the type says so). Italian plurals use _one, _many and _other. */
export const commonIt: Record<CommonKey, string> = {
  'shop.name': 'Kaloryfer',
  'shop.tagline': 'Radiatori decorativi, da bagno e da ambiente',
  'breadcrumbs.label': 'Percorso di navigazione',
  'breadcrumbs.home': 'Home',
  'loading': 'Caricamento…',
  'close': 'Chiudi',
  'radiators_one': '{count} radiatore',
  'radiators_few': '{count} radiatori',
  'radiators_many': '{count} radiatori',
  'radiators_other': '{count} radiatori',
  'products_one': '{count} prodotto',
  'products_few': '{count} prodotti',
  'products_many': '{count} prodotti',
  'products_other': '{count} prodotti',
  'price.from': 'da {price}',
  'price.regular': 'Prezzo regolare {price}',
  'price.omnibus': 'Prezzo più basso degli ultimi 30 giorni prima dello sconto',
  'language.label': 'Lingua',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};
