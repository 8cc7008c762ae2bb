import { useTranslation } from '@kaloryfer/i18n';

/** Dates read the same on the server and in every browser: the shop's own time zone. */
const SHOP_TIME_ZONE = 'Europe/Warsaw';
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "16 listopada 2026" for a publication day (YYYY-MM-DD), in the page's language. */
export function formatDay(day: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    dateFormats.set(language, format);
  }
  // Noon UTC is the same day in Warsaw, summer and winter.
  return format.format(new Date(`${day}T12:00:00Z`));
}

/** The words every advice view writes: a topic's name, the reading time, a publication date. */
export function useAdviceWords() {
  const { t, i18n } = useTranslation('content');
  return {
    t,
    topic: (slug: string) => t(`advice.topic.${slug}`, { defaultValue: slug }),
    readingTime: (minutes: number) => t('advice.readingTime', { count: minutes }),
    day: (day: string) => formatDay(day, i18n.language),
  };
}
