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
