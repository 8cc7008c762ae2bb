import type { CommonKey } from './common';

export const commonIt: Partial<Record<CommonKey, string>> = {
  'shop.tagline': 'Radiatori decorativi, da bagno e da ambiente',
  'breadcrumbs.home': 'Home',
  'loading': 'Caricamento…',
  'close': 'Chiudi',
  'radiators_one': '{count} radiatore',
  'radiators_many': '{count} radiatori',
  'radiators_other': '{count} radiatori',
  'products_one': '{count} prodotto',
  'products_many': '{count} prodotti',
  'products_other': '{count} prodotti',
  'language.label': 'Lingua',
};
