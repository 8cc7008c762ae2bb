import { matchingCategories, pathWords } from './path-words';
import { CATEGORIES } from './testing/not-found-test-api';

test.each([
  ['/grzejnik-lazienkowy-biały', ['grzejnik', 'lazienkowy', 'biały']],
  ['/grzejnik-lazienkowy-bia%C5%82y?utm_source=x#top', ['grzejnik', 'lazienkowy', 'biały']],
  ['/sklep/produkt/zawor-do-grzejnika-w-lazience.html', ['zawor', 'grzejnika', 'lazience']],
  ['/GRZEJNIK/grzejnik/Grzejnik', ['grzejnik']],
  ['/a/b/c/de', []],
  ['/100%zly-adres', ['100', 'zly', 'adres']],
  ['/jeden-dwa-trzy-cztery-piec-szesc-siedem', ['jeden', 'dwa', 'trzy', 'cztery', 'piec']],
])('the words of %s are %j', (path, words) => {
  expect(pathWords(path)).toEqual(words);
});

test('categories named like the words, not those every radiator category shares', () => {
  expect(matchingCategories(CATEGORIES, ['grzejnik', 'lazienkowy', 'biały']).map((category) => category.name)).toEqual(['Grzejniki łazienkowe']);
  expect(matchingCategories(CATEGORIES, ['grzejniki'])).toEqual([]);
  expect(matchingCategories(CATEGORIES, ['drabinka', 'akcesoria']).map((category) => category.name)).toEqual(['Grzejniki drabinkowe', 'Akcesoria']);
});
