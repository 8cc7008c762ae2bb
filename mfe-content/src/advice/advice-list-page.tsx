import './advice.css';
import { $route } from '@kaloryfer/contracts';
import { PageFrame, usePageData, useRequestStore } from '@kaloryfer/ui';
import { useRef } from 'react';
import { adviceList, adviceListKey, type AdviceListView } from './advice-api';
import { ADVICE_PAGE_SIZE } from '@kaloryfer/domain';
import { adviceListHref, parseAdviceQuery } from './advice-query';
import { AdviceCard } from './advice-card';
import { Pager } from './pager';
import { TopicFilter } from './topic-filter';
import { useAdviceWords } from './use-advice-words';

/** /porady[?topic=…][&page=…]: the articles as cards, newest first, 12 a page, filtered by topic. */
export function AdviceListPage() {
  const route = useRequestStore($route);
  const query = parseAdviceQuery(route.search);
  const list = usePageData(adviceListKey(query), (signal) => adviceList(query, signal));
  const words = useAdviceWords();
  const { t } = words;
  // While the next topic or page loads, the cards shown stay (marked busy) instead of collapsing.
  const lastShown = useRef<AdviceListView | null>(null);
  if (list.status === 'ready') lastShown.current = list.value;
  const shown = list.status === 'error' ? null : lastShown.current;
  const topic = list.status === 'ready' ? list.value.topic : query.topic;
  const title = topic ? t('advice.titleTopic', { topic: words.topic(topic) }) : t('advice.title');

  return (
    <PageFrame
      title={query.page > 1 ? t('advice.titlePage', { title, page: query.page }) : title}
      description={t('advice.description')}
      lead={t('advice.lead')}
    >
      {list.status === 'error' && <p role="alert">{t('advice.unavailable')}</p>}
      {!shown && list.status === 'loading' && <div className="skeleton skeleton-block" aria-busy="true" />}
      {shown && (
        <div aria-busy={list.status === 'loading'}>
          <TopicFilter topics={shown.topics} current={shown.topic} />
          <p className="advice-count">{t('advice.count', { count: shown.total })}</p>
          {shown.items.length > 0 ? (
            <ul className="advice-cards">
              {shown.items.map((article) => (
                <li key={article.slug}>
                  <AdviceCard article={article} />
                </li>
              ))}
            </ul>
          ) : (
            <p>
              {t('advice.emptyPage')} <a href={adviceListHref({ topic: shown.topic, page: 1 })}>{t('advice.firstPage')}</a>
            </p>
          )}
          <Pager topic={shown.topic} page={shown.start / ADVICE_PAGE_SIZE + 1} pages={Math.ceil(shown.total / ADVICE_PAGE_SIZE)} />
        </div>
      )}
    </PageFrame>
  );
}
