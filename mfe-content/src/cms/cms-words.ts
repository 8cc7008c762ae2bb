import { formatLongDay, useTranslation } from '@kaloryfer/i18n';
import type { CmsPageLink } from '@kaloryfer/api-contract';

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
    title: (link: CmsPageLink) => (polish ? link.title : t(`cms.title.${link.identifier}`, { defaultValue: link.title })),
    day: (updatedAt: string) => formatLongDay(updatedAt, i18n.language),
  };
}
