import type { CommonKey } from './common';

/** German: every key Polish has (the type says so). German plurals use _one and _other. */
export const commonDe: Record<CommonKey, string> = {
  'shop.name': 'Kaloryfer',
  'shop.tagline': 'Design-, Bad- und Raumheizkörper',
  'breadcrumbs.label': 'Navigationspfad',
  'breadcrumbs.home': 'Startseite',
  'loading': 'Wird geladen…',
  'close': 'Schließen',
  'radiators_one': '{count} Heizkörper',
  'radiators_few': '{count} Heizkörper',
  'radiators_many': '{count} Heizkörper',
  'radiators_other': '{count} Heizkörper',
  'products_one': '{count} Produkt',
  'products_few': '{count} Produkte',
  'products_many': '{count} Produkte',
  'products_other': '{count} Produkte',
  'price.from': 'ab {price}',
  'price.regular': 'Regulärer Preis {price}',
  'price.omnibus': 'Niedrigster Preis der letzten 30 Tage vor der Preissenkung',
  'language.label': 'Sprache',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};
