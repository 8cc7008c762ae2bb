import './advice.css';
import { $route, linkTo } from '@kaloryfer/contracts';
import { ApiFailure, Island, PageFrame, useOfflineRedirect, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useId } from 'react';
import type { AdviceArticleView } from '@kaloryfer/api-contract';
import { adviceArticle, adviceArticleKey } from './advice-api';
import { adviceListHref } from './advice-query';
import ArticleBody from './article-body.static';
import { TableOfContents } from './table-of-contents';
import { NotFoundRedirect } from '../common/not-found-redirect';
import { RelatedProducts } from './related-products';
import { snippet } from './snippet';
import TopicIllustration from './topic-illustration.static';
import { useAdviceWords } from './use-advice-words';

/** A page description is cut where search engines cut it. */
const DESCRIPTION_MAX = 160;

/** /porady/{slug}: the article with its table of contents, products for it and articles to read next. */
export function AdviceArticlePage({ slug }: { slug: string }) {
  const route = useRequestStore($route);
  const view = usePageData(adviceArticleKey(slug), (signal) => adviceArticle(slug, signal));
  const { t } = useAdviceWords();
  const notFound = view.status === 'error' && view.error instanceof ApiFailure && view.error.status === 404;
  useOfflineRedirect(view.status === 'error' && !notFound);
  if (notFound) return <NotFoundRedirect path={`${route.path}${route.search}`} />;
  const crumbs = [{ label: t('advice.title'), intent: { name: 'advice' as const } }];
  if (view.status === 'loading') {
    return (
      <div className="page-frame" aria-busy="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-block" />
      </div>
    );
  }
  if (view.status === 'error') {
    return (
      <PageFrame title={t('advice.article')} crumbs={crumbs}>
        <p role="alert">{t('Something went wrong', { ns: 'messages' })}</p>
      </PageFrame>
    );
  }
  return <Article key={slug} view={view.value} crumbs={crumbs} />;
}

function Article({ view, crumbs }: { view: AdviceArticleView; crumbs: { label: string; intent: { name: 'advice' } }[] }) {
  const words = useAdviceWords();
  const { t } = words;
  const { article, category, related, newer, older } = view;
  const relatedId = useId();
  return (
    <PageFrame title={article.title} description={snippet(article.lead, DESCRIPTION_MAX)} crumbs={crumbs} lead={article.lead} contentLang={words.textLang}>
      <div className="advice-article">
        <p className="advice-meta">
          <a href={adviceListHref({ topic: article.topic, page: 1 })} className="advice-topic">
            {words.topic(article.topic)}
          </a>
          <span>{words.readingTime(article.reading_minutes)}</span>
          <time dateTime={article.published_at}>{t('advice.published', { date: words.day(article.published_at) })}</time>
        </p>
        <TopicIllustration topic={article.topic} className="advice-article-picture" />
        {/* What hydrates when (docs/rendering.md): the body never; its contents and the products when reached. */}
        <Island when="interaction" component={TableOfContents} props={{ body: article.body, label: t('advice.toc'), lang: words.textLang }} />
        <ArticleBody body={article.body} lang={words.textLang} />
      </div>
      {category && <Island when="visible" component={RelatedProducts} props={{ category }} />}
      {related.length > 0 && (
        <section className="advice-related" aria-labelledby={relatedId}>
          <h2 id={relatedId}>{t('advice.relatedArticles')}</h2>
          <ul lang={words.textLang}>
            {related.map((other) => (
              <li key={other.slug}>
                <a href={linkTo({ name: 'advice', slug: other.slug })}>{other.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(newer || older) && (
        <nav className="advice-neighbours" aria-label={t('advice.neighbours')}>
          {newer && (
            <a href={linkTo({ name: 'advice', slug: newer.slug })} rel="prev">
              <span>{t('advice.newer')}</span> <span lang={words.textLang}>{newer.title}</span>
            </a>
          )}
          {older && (
            <a href={linkTo({ name: 'advice', slug: older.slug })} rel="next">
              <span>{t('advice.older')}</span> <span lang={words.textLang}>{older.title}</span>
            </a>
          )}
        </nav>
      )}
    </PageFrame>
  );
}
