import { foldText } from '@kaloryfer/domain';

/** Words that say nothing about what was looked for (compared folded: "dla", "strona", "html"…). */
const STOP_WORDS = new Set([
  'dla',
  'oraz',
  'lub',
  'bez',
  'przy',
  'pod',
  'nad',
  'jak',
  'czy',
  'the',
  'and',
  'for',
  'with',
  'www',
  'html',
  'htm',
  'php',
  'aspx',
  'index',
  'amp',
  'utm',
  'produkt',
  'produkty',
  'kategoria',
  'kategorie',
  'strona',
  'sklep',
  'oferta',
  'page',
  'product',
  'category',
]);
/** Shorter words are prepositions, sizes' units and slug noise ("w", "z", "na", "do", "mm"). */
const MIN_LENGTH = 3;
/** The catalogue search wants 75 % of the words to match: a few good words find more than many. */
const MAX_WORDS = 5;

/**
 * The words of a missing address that may say what the shopper wanted:
 * "/grzejnik-lazienkowy-biały?x=1" → ["grzejnik", "lazienkowy", "biały"]. The path only (no
 * query or hash), split on anything but letters and digits, lower-cased, short and stop words
 * dropped, each word once, at most five.
 */
export function pathWords(missing: string): string[] {
  let path = missing.split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: the words around it still count
  }
  const words: string[] = [];
  const seen = new Set<string>();
  for (const word of path.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const folded = foldText(word);
    if (word.length < MIN_LENGTH || STOP_WORDS.has(folded) || seen.has(folded)) continue;
    seen.add(folded);
    words.push(word);
    if (words.length === MAX_WORDS) break;
  }
  return words;
}

/** Words every radiator category is named with: they tell no category from another. */
const GENERIC_STEMS = ['grzejni', 'kaloryf'];

/** The start of a word that its inflected forms share: "łazienkowy" and "łazienkowe" meet on "lazienko". */
function stemOf(word: string): string {
  const folded = foldText(word);
  return folded.length <= 5 ? folded : folded.slice(0, Math.max(5, folded.length - 2));
}

/**
 * Categories whose name shares a word with the missing address, ignoring the words every
 * category has ("grzejniki"): "/grzejnik-lazienkowy-bialy" → Grzejniki łazienkowe. Best first
 * (more shared words, then more products).
 */
export function matchingCategories<C extends { name: string; product_count: number }>(categories: readonly C[], words: readonly string[], limit = 3): C[] {
  const stems = words.map(stemOf).filter((stem) => stem.length >= 4 && !GENERIC_STEMS.some((generic) => stem.startsWith(generic) || generic.startsWith(stem)));
  if (stems.length === 0) return [];
  return categories
    .map((category) => {
      const nameWords = foldText(category.name).split(/[^a-z0-9]+/);
      return { category, score: stems.filter((stem) => nameWords.some((word) => word.startsWith(stem))).length };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || b.category.product_count - a.category.product_count)
    .slice(0, limit)
    .map(({ category }) => category);
}
