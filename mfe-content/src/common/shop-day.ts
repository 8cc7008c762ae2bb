/** Dates read the same on the server and in every browser: the shop's own time zone. */
const SHOP_TIME_ZONE = 'Europe/Warsaw';
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "1 listopada 2026" in the page's language for a day of the shop's calendar: a publication day
 * ("2026-11-16") or a CMS time in the shop's time ("2026-11-01 09:00:00"; the day is what counts).
 */
export function formatShopDay(dayOrTime: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    dateFormats.set(language, format);
  }
  // Noon UTC is the same day in Warsaw, summer and winter.
  return format.format(new Date(`${dayOrTime.slice(0, 10)}T12:00:00Z`));
}
