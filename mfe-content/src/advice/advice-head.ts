import { linkTo, localizedPath, SEO_LANGUAGES, type PageHead, type RouteState } from '@kaloryfer/contracts';
import { imageUrl } from '@kaloryfer/domain';
import type { PageData } from '@kaloryfer/ui';
import type { I18n } from '@kaloryfer/i18n';
import type { AdviceArticleView } from '@kaloryfer/api-contract';
import { adviceArticleKey, adviceListKey, type AdviceListView } from './advice-api';
import { adviceListHref, parseAdviceQuery } from './advice-query';

/**
 * What the head of an advice page says beyond its title and description (which the page frame
 * reports), written by the server render from the data the page was rendered from (the
 * catalogue's catalog-head.ts does the same for products; docs/seo.md): the canonical address
 * (the page server writes it in the page's language with its alternates), and for an article
 * Open Graph (article, its picture and day) and JSON-LD Article and BreadcrumbList, whose
 * addresses are in the page's language.
 */
function valueOf<T>(data: PageData, key: string): T | undefined {
  const entry = data.peek(key);
  return entry && 'value' in entry ? (entry.value as T) : undefined;
}

/** An address of the shop in the page's language (`?lang=`, seo-urls.ts), absolute. */
export function urlIn(origin: string, language: string): (path: string) => string {
  const hreflang = SEO_LANGUAGES.find((entry) => entry.language === language)?.hreflang ?? 'pl';
  return (path: string) => origin + localizedPath(path, hreflang);
}

export function articleStructuredData(
  view: AdviceArticleView,
  origin: string,
  words: { home: string; advice: string; topic: string; shop: string },
  language: string,
): object[] {
  const { article } = view;
  const address = urlIn(origin, language);
  const url = address(linkTo({ name: 'advice', slug: article.slug }));
  const shop = { '@type': 'Organization', name: words.shop, url: `${origin}/` };
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
        { name: words.home, item: address('/') },
        { name: words.advice, item: address(linkTo({ name: 'advice' })) },
        { name: article.title, item: url },
      ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
    },
  ];
}

export function adviceHead({
  route,
  data,
  origin,
  language,
  i18n,
}: {
  route: RouteState;
  data: PageData;
  origin: string;
  language: string;
  i18n: I18n;
}): PageHead {
  if (route.name === 'advice') {
    const query = parseAdviceQuery(route.search);
    const list = valueOf<AdviceListView>(data, adviceListKey(query));
    return list ? { canonical: origin + adviceListHref({ topic: list.topic, page: query.page }) } : {};
  }
  if (route.name !== 'advice-article') return {};
  const view = valueOf<AdviceArticleView>(data, adviceArticleKey(route.params.slug));
  if (!view) return {};
  const { article } = view;
  const topic = i18n.t(`advice.topic.${article.topic}`, { ns: 'content', defaultValue: article.topic });
  const picture = imageUrl(article.image, 1920);
  return {
    canonical: origin + linkTo({ name: 'advice', slug: article.slug }),
    openGraph: {
      type: 'article',
      ...(picture ? { image: origin + picture } : {}),
      imageAlt: article.title,
      properties: [
        { property: 'article:published_time', content: article.published_at },
        { property: 'article:modified_time', content: article.published_at },
        { property: 'article:section', content: topic },
      ],
    },
    structuredData: articleStructuredData(
      view,
      origin,
      {
        home: i18n.t('breadcrumbs.home', { ns: 'common' }),
        advice: i18n.t('advice.title', { ns: 'content' }),
        topic,
        shop: i18n.t('shop.name', { ns: 'common' }),
      },
      language,
    ),
  };
}
