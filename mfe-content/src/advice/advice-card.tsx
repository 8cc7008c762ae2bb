import { linkTo } from '@kaloryfer/contracts';
import type { AdviceSummary } from '@kaloryfer/api-contract';
import { snippet } from './snippet';
import TopicIllustration from './topic-illustration.static';
import { useAdviceWords } from './use-advice-words';

/** One article on /porady: its drawing, topic, title (the link), lead cut at the snippet limit, reading time. */
export function AdviceCard({ article }: { article: AdviceSummary }) {
  const words = useAdviceWords();
  return (
    <article className="advice-card">
      <TopicIllustration topic={article.topic} className="advice-card-picture" />
      <div className="advice-card-text">
        <p className="advice-card-topic">{words.topic(article.topic)}</p>
        <h2 className="advice-card-title" lang={words.textLang}>
          <a href={linkTo({ name: 'advice', slug: article.slug })}>{article.title}</a>
        </h2>
        <p className="advice-card-lead" lang={words.textLang}>
          {snippet(article.lead)}
        </p>
        <p className="advice-meta">
          <span>{words.readingTime(article.reading_minutes)}</span>
          <time dateTime={article.published_at}>{words.day(article.published_at)}</time>
        </p>
      </div>
    </article>
  );
}
