import { useId, useMemo } from 'react';
import { parseBody, type Block } from './markdown-light';

/**
 * Links to the article's headings, in their order. Plain links that work before any code runs:
 * the page hydrates it only once the shopper reaches for it (an island, AdviceArticlePage).
 */
export function TableOfContents({ body, label, lang }: { body: string; label: string; lang?: string }) {
  const titleId = useId();
  const headings = useMemo(() => parseBody(body).filter((block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading'), [body]);
  if (headings.length < 2) return null;
  return (
    <nav className="advice-toc" aria-labelledby={titleId}>
      <h2 className="advice-toc-title" id={titleId}>
        {label}
      </h2>
      <ol lang={lang}>
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
