import { staticPart } from '@kaloryfer/ui';
import { parseBody } from './markdown-light';

/**
 * The article's text: headings with their ids (the table of contents links to them), paragraphs,
 * lists. A static part (docs/rendering.md, "What hydrates when"): the browser keeps the server's
 * HTML and never gets this code or parses the body, unless it renders an article afresh.
 */
function ArticleBody({ body, lang }: { body: string; lang?: string }) {
  const blocks = parseBody(body);
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

export default staticPart('content-article-body', ArticleBody);
