/**
 * How each language writes a day of the shop's calendar (Europe/Warsaw): "16 listopada 2026",
 * "November 16, 2026", "16. November 2026", "16 novembre 2026", and short "16.11.2026". Written
 * out rather than asked of Intl, for the reasons money is (format-numbers.ts): the page server
 * (Node's ICU) and every shopper's browser must write the same characters, or hydration finds
 * the server's HTML wrong; and the first `Intl.DateTimeFormat` with a time zone costs a phone a
 * ~60 ms task (ICU's zone and calendar data), on every article, CMS page and product with reviews.
 * format-dates.test.ts holds every function to Intl's own answers.
 */

/** A day of the calendar: month 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const MONTHS: Record<string, readonly string[]> = {
  // Polish writes the month of a date in the genitive: "16 listopada".
  'pl-PL': ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
  'en-US': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  'de-DE': ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  'it-IT': ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
};

const HOUR_MS = 3_600_000;

/** The last Sunday of a month (1–12) of a year, as a day of the month. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/**
 * Warsaw's offset from UTC at an instant, in hours: +2 in summer time (from 01:00 UTC on the
 * last Sunday of March to 01:00 UTC on the last Sunday of October, the EU's rule), else +1.
 */
function warsawOffsetHours(instant: Date): number {
  const year = instant.getUTCFullYear();
  const summerFrom = Date.UTC(year, 2, lastSunday(year, 3), 1);
  const summerUntil = Date.UTC(year, 9, lastSunday(year, 10), 1);
  const time = instant.getTime();
  return time >= summerFrom && time < summerUntil ? 2 : 1;
}

/** A written day ("2026-11-16", or a time in the shop's zone "2026-11-01 09:00:00"): no zone of its own. */
const SHOP_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$)/;

/**
 * The shop's day of a value the API sends: a day or a time in the shop's zone is read as written;
 * an instant with a zone ("2026-03-29T00:30:00Z", "…+01:00") is the day it was in Warsaw.
 */
export function shopDayOf(value: string): CalendarDay {
  const written = SHOP_DAY.exec(value);
  if (written) return { year: Number(written[1]), month: Number(written[2]), day: Number(written[3]) };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${value}`);
  const warsaw = new Date(instant.getTime() + warsawOffsetHours(instant) * HOUR_MS);
  return { year: warsaw.getUTCFullYear(), month: warsaw.getUTCMonth() + 1, day: warsaw.getUTCDate() };
}

const monthsOf = (language: string) => MONTHS[language] ?? MONTHS['pl-PL'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day as a sentence writes it, in the language (Intl's `dateStyle: 'long'`). */
export function formatLongDay(value: string, language = 'pl-PL'): string {
  const { year, month, day } = shopDayOf(value);
  const name = monthsOf(language)[month - 1];
  if (language === 'en-US') return `${name} ${day}, ${year}`;
  if (language === 'de-DE') return `${day}. ${name} ${year}`;
  return `${day} ${name} ${year}`;
}

/** A day in numbers, as the language writes a short date: "24.11.2026", "11/24/2026", "24/11/2026". */
export function formatShortDay(value: string, language = 'pl-PL'): string {
  const { year, month, day } = shopDayOf(value);
  if (language === 'en-US') return `${twoDigits(month)}/${twoDigits(day)}/${year}`;
  if (language === 'it-IT') return `${twoDigits(day)}/${twoDigits(month)}/${year}`;
  return `${twoDigits(day)}.${twoDigits(month)}.${year}`;
}
