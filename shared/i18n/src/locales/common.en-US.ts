import type { CommonKey } from './common';

export const commonEn: Record<CommonKey, string> = {
  'shop.name': 'Kaloryfer',
  'shop.tagline': 'Decorative, bathroom and room radiators',
  'breadcrumbs.label': 'Breadcrumbs',
  'breadcrumbs.home': 'Home',
  'loading': 'Loading…',
  'close': 'Close',
  'radiators_one': '{count} radiator',
  'radiators_few': '{count} radiators',
  'radiators_many': '{count} radiators',
  'radiators_other': '{count} radiators',
  'products_one': '{count} product',
  'products_few': '{count} products',
  'products_many': '{count} products',
  'products_other': '{count} products',
  'language.label': 'Language',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};
