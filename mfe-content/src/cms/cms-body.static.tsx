import { staticPart } from '@kaloryfer/ui';

/**
 * A CMS page's text, as the CMS wrote it (sanitised on the way in: docs/content.md). A static
 * part (docs/rendering.md, "What hydrates when"): the browser keeps the server's HTML.
 */
function CmsBody({ html, lang }: { html: string; lang?: string }) {
  return <div className="cms-body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default staticPart('content-cms-body', CmsBody);
