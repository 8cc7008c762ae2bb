import { useTranslation } from '@kaloryfer/i18n';
import type { CmsLink } from './cms-api';

/** Dates read the same on the server and in every browser: the shop's own time zone. */
const SHOP_TIME_ZONE = 'Europe/Warsaw';
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "1 listopada 2026" for a CMS time ("2026-11-01 09:00:00", the shop's time), in the page's language. */
export function formatCmsDay(updatedAt: string, language: string): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    dateFormats.set(language, format);
  }
  // Noon UTC is the same day in Warsaw, summer and winter.
  return format.format(new Date(`${updatedAt.slice(0, 10)}T12:00:00Z`));
}

/**
 * The words CMS views write. The CMS is written in Polish: in another language a page's title
 * comes from the dictionary when it has one (cms.title.<identifier>), and the body stays Polish.
 */
export function useCmsWords() {
  const { t, i18n } = useTranslation('content');
  const polish = i18n.language === 'pl-PL';
  return {
    t,
    polish,
    title: (link: CmsLink) => (polish ? link.title : t(`cms.title.${link.identifier}`, { defaultValue: link.title })),
    day: (updatedAt: string) => formatCmsDay(updatedAt, i18n.language),
  };
}
