import type { CommonKey } from './common';

export const commonDe: Partial<Record<CommonKey, string>> = {
  'shop.tagline': 'Design-, Bad- und Raumheizkörper',
  'breadcrumbs.home': 'Startseite',
  'loading': 'Wird geladen…',
  'close': 'Schließen',
  'radiators_one': '{count} Heizkörper',
  'radiators_other': '{count} Heizkörper',
  'products_one': '{count} Produkt',
  'products_other': '{count} Produkte',
  'language.label': 'Sprache',
};
