import { formatLongDay, formatShortDay, shopDayOf } from './format-dates';

const LANGUAGES = ['pl-PL', 'en-US', 'de-DE', 'it-IT'];
const intlLong = (language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Europe/Warsaw' });
const intlDay = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' });

test.each([
  ['2026-11-16', 'pl-PL', '16 listopada 2026'],
  ['2026-11-16', 'en-US', 'November 16, 2026'],
  ['2026-11-16', 'de-DE', '16. November 2026'],
  ['2026-11-16', 'it-IT', '16 novembre 2026'],
  ['2026-03-01 09:00:00', 'pl-PL', '1 marca 2026'],
  ['2026-05-03 23:59:59', 'de-DE', '3. Mai 2026'],
  ['2026-09-30T10:00:00', 'pl-PL', '30 września 2026'],
])('a day of the shop, %s in %s, is "%s" as written (no zone shifts it)', (value, language, expected) => {
  expect(formatLongDay(value, language)).toBe(expected);
});

test.each([
  // Winter (UTC+1) and summer (UTC+2) on both sides of midnight, and the two switches of 2026
  // (29 March and 25 October, at 01:00 UTC).
  ['2026-01-31T23:30:00Z', '1 lutego 2026'],
  ['2026-01-31T22:59:59Z', '31 stycznia 2026'],
  ['2026-03-28T23:00:00Z', '29 marca 2026'],
  ['2026-03-29T00:59:59Z', '29 marca 2026'],
  ['2026-03-29T22:30:00Z', '30 marca 2026'],
  ['2026-06-30T21:59:59Z', '30 czerwca 2026'],
  ['2026-06-30T22:00:00Z', '1 lipca 2026'],
  ['2026-10-24T22:30:00Z', '25 października 2026'],
  ['2026-10-25T22:59:59Z', '25 października 2026'],
  ['2026-10-25T23:00:00Z', '26 października 2026'],
  ['2026-12-31T23:00:00Z', '1 stycznia 2027'],
  ['2026-11-24T10:00:00+01:00', '24 listopada 2026'],
])('an instant, %s, is the day it was in Warsaw: %s', (instant, expected) => {
  expect(formatLongDay(instant, 'pl-PL')).toBe(expected);
  expect(formatLongDay(instant, 'pl-PL')).toBe(intlLong('pl-PL').format(new Date(instant)));
});

test("every 7 hours of three years, in every language: the same characters as Intl's long date in Warsaw", () => {
  const mismatches: string[] = [];
  for (const language of LANGUAGES) {
    const intl = intlLong(language);
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2028, 0, 1); time += 7 * 3_600_000) {
      const instant = new Date(time).toISOString();
      const ours = formatLongDay(instant, language);
      const theirs = intl.format(new Date(time));
      if (ours !== theirs) mismatches.push(`${language} ${instant}: ${ours} ≠ ${theirs}`);
    }
  }
  expect(mismatches.slice(0, 5)).toEqual([]);
});

test('the short date writes the day in numbers as each language does, from the day in Warsaw', () => {
  const instant = '2026-11-23T23:30:00Z'; // already the 24th in Warsaw
  const parts = Object.fromEntries(intlDay.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  expect(parts).toMatchObject({ day: '24', month: '11', year: '2026' });
  expect(formatShortDay(instant, 'pl-PL')).toBe('24.11.2026');
  expect(formatShortDay(instant, 'de-DE')).toBe('24.11.2026');
  expect(formatShortDay(instant, 'it-IT')).toBe('24/11/2026');
  expect(formatShortDay(instant, 'en-US')).toBe('11/24/2026');
  expect(formatShortDay('2026-03-05', 'pl-PL')).toBe('05.03.2026');
});

test('what is not a date is said so, not written as "NaN"', () => {
  expect(() => shopDayOf('wczoraj')).toThrow(RangeError);
});
