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
  'price.from': 'od {price}',
  'price.regular': 'Cena regularna {price}',
  'price.omnibus': 'Najniższa cena z 30 dni przed obniżką',
  'language.label': 'Język',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};

export type CommonKey = keyof typeof commonPl;
