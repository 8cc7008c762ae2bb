/**
 * The `common` namespace: words several remotes use. Keys are flat (keySeparator is off so
 * spec messages with dots can be keys too). Plural keys end in i18next's CLDR suffixes:
 * Polish has one / few / many (+ other for fractions).
 */
export const commonPl = {
  'shop.name': 'Kaloryfer',
  'shop.tagline': 'Grzejniki dekoracyjne, łazienkowe i pokojowe',
  'breadcrumbs.label': 'Okruszki',
  'breadcrumbs.home': 'Strona główna',
  'loading': 'Wczytywanie…',
  'close': 'Zamknij',
  'radiators_one': '{count} grzejnik',
  'radiators_few': '{count} grzejniki',
  'radiators_many': '{count} grzejników',
  'radiators_other': '{count} grzejnika',
  'products_one': '{count} produkt',
  'products_few': '{count} produkty',
  'products_many': '{count} produktów',
  'products_other': '{count} produktu',
  'language.label': 'Język',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};

export type CommonKey = keyof typeof commonPl;

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
