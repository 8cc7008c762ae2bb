import type { CmsBlock, CmsPage } from '@kaloryfer/api-contract';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * CMS HTML as the storefront may put it into a page (docs/content.md): an allow-list of the
 * tags a content page needs, links only to the web, e-mail, phone or the shop's own paths.
 * Anything else — scripts, styles, frames, images, `on…` handlers, `style`, `javascript:` or
 * `data:` URLs — is dropped here, on the server, so the browser renders the result as it is.
 *
 * Applied when content is written (the seed) and again when the catalogue loads it from the
 * database, so a row written by any other means is still served clean.
 */

/** http(s), mailto and tel; or a path of this shop ("/i/dostawa"), never "//host" or "/\host". */
const ALLOWED_HREF = /^(?:(?:https?:\/\/|mailto:|tel:)\S|\/(?![/\\]))/i;
const EXTERNAL_HREF = /^https?:\/\//i;
/** Control characters and whitespace a browser ignores inside a URL ("java\tscript:"). */
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;

const OPTIONS: IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'a', 'strong', 'em', 'br', 'blockquote'],
  allowedAttributes: {
    a: ['href', 'rel'],
    th: [{ name: 'scope', multiple: false, values: ['col', 'row'] }, 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A disallowed tag goes, its text stays (script and style lose their text too).
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's h1 is its title: headings in the body start at h2.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link to anywhere else loses its href here and its tag in exclusiveFilter; its text stays.
      if (!ALLOWED_HREF.test(href.replace(IGNORED_IN_URL, ''))) return { tagName: 'a', attribs: {} };
      // The author's rel and target are not kept; a link off the shop never hands it the opener.
      return { tagName: 'a', attribs: EXTERNAL_HREF.test(href) ? { href, rel: 'noopener noreferrer' } : { href } };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The words of some CMS HTML, without markup: for a meta description or a snippet. */
export function cmsPlainText(html: string): string {
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|td|th|caption|blockquote)>|<br\s*\/?>/gi, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function sanitizeCmsPage(page: CmsPage): CmsPage {
  return { ...page, content: sanitizeCmsHtml(page.content) };
}

export function sanitizeCmsBlock(block: CmsBlock): CmsBlock {
  return { ...block, content: sanitizeCmsHtml(block.content) };
}
