import type { TopicCount } from '@kaloryfer/api-contract';
import { adviceListHref } from './advice-query';
import { useAdviceWords } from './use-advice-words';

/** The topics as links (the filter lives in the URL: `?topic=…`); the shown one is marked current. */
export function TopicFilter({ topics, current }: { topics: TopicCount[]; current: string | null }) {
  const words = useAdviceWords();
  const link = (topic: string | null, label: string, count: number) => (
    <li key={topic ?? ''}>
      <a href={adviceListHref({ topic, page: 1 })} className="advice-topic" aria-current={topic === current ? 'page' : undefined}>
        {label} <span className="advice-topic-count">({count})</span>
      </a>
    </li>
  );
  return (
    <nav className="advice-topics" aria-label={words.t('advice.topics')}>
      <ul>
        {link(
          null,
          words.t('advice.allTopics'),
          topics.reduce((sum, topic) => sum + topic.count, 0),
        )}
        {topics.map(({ topic, count }) => link(topic, words.topic(topic), count))}
      </ul>
    </nav>
  );
}
