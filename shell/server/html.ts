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

/** A stylesheet's text inside <style>: it cannot close the element either. */
export const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * A page's parts as one UTF-8 buffer, never as one string: a page's text is two-byte (Polish
 * letters), and a two-byte string over 128 KB is a large-object allocation in V8 — joining a
 * product page's ~90 000 characters cost ~1 ms of the page server's single thread per request
 * (a profile of `bench:web`'s throughput: 470 pages/s), where encoding the parts one by one
 * costs ~0.1 ms.
 */
export function utf8Of(parts: readonly string[]): Buffer {
  return Buffer.concat(parts.map((part) => Buffer.from(part, 'utf8')));
}
