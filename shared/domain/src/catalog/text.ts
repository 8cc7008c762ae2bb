/**
 * Polish-aware text folding for search (spec §9: diacritics-insensitive). NFD strips the
 * combining marks of ą ć ę ń ó ś ź ż, but ł is a letter of its own in Unicode and survives
 * NFD (and SQLite's remove_diacritics), so it is mapped by hand.
 */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function foldText(text: string): string {
  return text.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(COMBINING_MARKS, '');
}

const TOKEN = /[a-z0-9]+/g;
/** "600x1000" is a size: it is also indexed as 600 and 1000. */
const SIZE = /^(\d+)x(\d+)$/;

/** Folded tokens of a text, in order (duplicates kept: the caller counts them). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const token of foldText(text).match(TOKEN) ?? []) {
    tokens.push(token);
    const size = SIZE.exec(token);
    if (size) tokens.push(size[1], size[2]);
  }
  return tokens;
}
