/**
 * Text put into HTML by the shop's servers — the page server's pages (shell/server) and the
 * API's own few (the e-mails, the sandbox gateway's page): one escaping for both, so neither can
 * drift into letting a product's text close an element.
 */

/** Text for HTML content or a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JSON inside <script>: `<` (and the line separators old parsers choke on) escaped, so no value
 * — product text like `</script><script>` included — can close the element.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
