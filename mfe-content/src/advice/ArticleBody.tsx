import { useId } from 'react';
import type { Block } from './markdown-light';

/** The blocks of an article as elements: headings with their ids (the table of contents links to them), paragraphs, lists. */
export function ArticleBody({ blocks, lang }: { blocks: Block[]; lang?: string }) {
  return (
    <div className="advice-body" lang={lang}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'heading':
            return (
              <h2 key={block.id} id={block.id}>
                {block.text}
              </h2>
            );
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, at) => (
                  <li key={at}>{item}</li>
                ))}
              </ul>
            );
          default:
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}

/** Links to the article's headings, in their order. */
export function TableOfContents({ blocks, label, lang }: { blocks: Block[]; label: string; lang?: string }) {
  const titleId = useId();
  const headings = blocks.filter((block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading');
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
