/**
 * How each language writes a PLN amount: where the currency goes, which marks separate
 * thousands and decimals. Written out rather than asked of Intl: the page server (Node's ICU)
 * and every shopper's browser (its own ICU) must write the same characters, or the browser
 * would find the server's HTML wrong when it hydrates; and Polish shops group thousands from
 * 1 000 ("2 609,00 zł"), which Intl's pl-PL does only from 10 000.
 */
const NBSP = '\u00a0';
const STYLES: Record<string, { group: string; decimal: string; prefix: string; suffix: string }> = {
  'pl-PL': { group: NBSP, decimal: ',', prefix: '', suffix: `${NBSP}zł` },
  'en-US': { group: ',', decimal: '.', prefix: `PLN${NBSP}`, suffix: '' },
  'de-DE': { group: '.', decimal: ',', prefix: '', suffix: `${NBSP}PLN` },
  'it-IT': { group: '.', decimal: ',', prefix: '', suffix: `${NBSP}PLN` },
};

/**
 * A PLN amount as a language writes it: "1 299,00 zł" in Polish (spec §1), rounded half away
 * from zero to grosze. Its own module so the API (e-mails, the sandbox gateway's page) formats
 * money as the storefront does without i18next.
 */
export function formatPln(amount: number, language = 'pl-PL'): string {
  const style = STYLES[language] ?? STYLES['pl-PL'];
  const [whole, fraction] = Math.abs(amount).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const sign = amount < 0 && Number(`${whole}.${fraction}`) !== 0 ? '-' : '';
  return `${sign}${style.prefix}${grouped}${style.decimal}${fraction}${style.suffix}`;
}
