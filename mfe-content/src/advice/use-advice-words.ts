import { formatLongDay, useTranslation } from '@kaloryfer/i18n';

/** The words every advice view writes: a topic's name, the reading time, a publication date. */
export function useAdviceWords() {
  const { t, i18n } = useTranslation('content');
  return {
    t,
    topic: (slug: string) => t(`advice.topic.${slug}`, { defaultValue: slug }),
    readingTime: (minutes: number) => t('advice.readingTime', { count: minutes }),
    day: (day: string) => formatLongDay(day, i18n.language),
    /** Articles are written in Polish only: on another language's page their words are marked `lang="pl"`. */
    textLang: i18n.language === 'pl-PL' ? undefined : 'pl',
  };
}
