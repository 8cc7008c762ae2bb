/**
 * How each language writes numbers and PLN amounts: which marks separate thousands and
 * decimals. The sign is the shop's, not the language's: every language writes the amount, then
 * "zł" (spec §1: "Currency is PLN, symbol zł, shown as amount then sign"), so "2 609,00 zł",
 * "2,609.00 zł", "2.609,00 zł". Written out rather than asked of Intl: the page server (Node's
 * ICU) and every shopper's browser (its own ICU) must write the same characters, or the
 * browser would find the server's HTML wrong when it hydrates; Intl is also slow to set up on a
 * phone (a listing's filter labels cost a 50 ms task through `toLocaleString`); and Polish shops
 * group a price's thousands from 1 000 ("2 609,00 zł"), which Intl's pl-PL does only from 10 000.
 */
const NBSP = '\u00a0';

interface NumberStyle {
  group: string;
  decimal: string;
  /** Plain numbers are grouped from this many integer digits (CLDR: Polish and Italian from 5, "1500 mm"). */
  groupFrom: number;
}

/** The shop's currency sign, after the amount in every language (spec §1). */
const CURRENCY_SUFFIX = `${NBSP}zł`;

const STYLES: Record<string, NumberStyle> = {
  'pl-PL': { group: NBSP, decimal: ',', groupFrom: 5 },
  'en-US': { group: ',', decimal: '.', groupFrom: 4 },
  'de-DE': { group: '.', decimal: ',', groupFrom: 4 },
  'it-IT': { group: '.', decimal: ',', groupFrom: 5 },
};

const styleOf = (language: string) => STYLES[language] ?? STYLES['pl-PL'];

const grouped = (digits: string, group: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);

/** "-" only for a value that is still negative once rounded ("-0,00" is not written). */
const signOf = (value: number, rounded: string) => (value < 0 && Number(rounded) !== 0 ? '-' : '');

/**
 * A PLN amount as a language writes it: "1 299,00 zł" in Polish, "1,299.00 zł" in English,
 * "1.299,00 zł" in German and Italian — the language's marks, the shop's sign after the amount
 * (spec §1) — rounded half away from zero to grosze (money is grouped from 1 000 in every
 * language). Its own module so the API (e-mails, the sandbox gateway's page) formats
 * money as the storefront does without i18next.
 */
export function formatPln(amount: number, language = 'pl-PL'): string {
  const style = styleOf(language);
  const rounded = Math.abs(amount).toFixed(2);
  const [whole, fraction] = rounded.split('.');
  return `${signOf(amount, rounded)}${grouped(whole, style.group)}${style.decimal}${fraction}${CURRENCY_SUFFIX}`;
}

/**
 * A plain number as a language writes it ("1500", "12 500", "4,5" in Polish; "1,500", "4.5" in
 * English): `fractionDigits` fixes the decimals, otherwise up to three are kept without trailing
 * zeros — what `toLocaleString` writes, the same on the server and in every browser.
 */
export function formatNumber(value: number, language = 'pl-PL', fractionDigits?: number): string {
  const style = styleOf(language);
  let rounded = Math.abs(value).toFixed(fractionDigits ?? 3);
  if (fractionDigits === undefined) rounded = rounded.replace(/\.?0+$/, '');
  const [whole, fraction] = rounded.split('.');
  const integer = whole.length >= style.groupFrom ? grouped(whole, style.group) : whole;
  return `${signOf(value, rounded)}${integer}${fraction ? `${style.decimal}${fraction}` : ''}`;
}
