import { linkTo, type PageHead, type RouteState } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import type { PageData } from '@kaloryfer/ui';
import type { I18n } from '@kaloryfer/i18n';
import type { AdviceArticleView } from '@kaloryfer/api-contract';
import { adviceArticleKey, adviceListKey, type AdviceListView } from './advice-api';
import { adviceListHref, parseAdviceQuery } from './advice-query';

/**
 * What the head of an advice page says beyond its title and description (which the page frame
 * reports), written by the server render from the data the page was rendered from (the
 * catalogue's catalog-head.ts does the same for products): the canonical address, and for an
 * article JSON-LD Article and BreadcrumbList.
 */
function valueOf<T>(data: PageData, key: string): T | undefined {
  const entry = data.peek(key);
  return entry && 'value' in entry ? (entry.value as T) : undefined;
}

export function articleStructuredData(view: AdviceArticleView, origin: string, words: { home: string; advice: string; topic: string }): object[] {
  const { article } = view;
  const url = origin + linkTo({ name: 'advice', slug: article.slug });
  const shop = { '@type': 'Organization', name: 'Kaloryfer', url: `${origin}/` };
  const picture = imageUrl(article.image, 1920);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.lead,
      ...(picture ? { image: [origin + picture] } : {}),
      datePublished: article.published_at,
      dateModified: article.published_at,
      articleSection: words.topic,
      inLanguage: 'pl-PL',
      author: shop,
      publisher: shop,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: words.home, item: `${origin}/` },
        { name: words.advice, item: origin + linkTo({ name: 'advice' }) },
        { name: article.title, item: url },
      ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
    },
  ];
}

export function adviceHead({ route, data, origin, i18n }: { route: RouteState; data: PageData; origin: string; i18n: I18n }): PageHead {
  if (route.name === 'advice') {
    const query = parseAdviceQuery(route.search);
    const list = valueOf<AdviceListView>(data, adviceListKey(query));
    return list ? { canonical: origin + adviceListHref({ topic: list.topic, page: query.page }) } : {};
  }
  if (route.name !== 'advice-article') return {};
  const view = valueOf<AdviceArticleView>(data, adviceArticleKey(route.params.slug));
  if (!view) return {};
  return {
    canonical: origin + linkTo({ name: 'advice', slug: view.article.slug }),
    structuredData: articleStructuredData(view, origin, {
      home: i18n.t('breadcrumbs.home', { ns: 'common' }),
      advice: i18n.t('advice.title', { ns: 'content' }),
      topic: i18n.t(`advice.topic.${view.article.topic}`, { ns: 'content', defaultValue: view.article.topic }),
    }),
  };
}
