const formats = new Map<string, Intl.NumberFormat>();

/**
 * A PLN amount as a language writes it: "1 299,00 zł" in Polish (spec §1). Its own module so the
 * API (e-mails, the sandbox gateway's page) formats money as the storefront does without i18next.
 */
export function formatPln(amount: number, language = 'pl-PL'): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'currency', currency: 'PLN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(language, format);
  }
  return format.format(amount);
}
