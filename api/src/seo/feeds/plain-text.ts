/** Texts for the feeds: a description's HTML as plain text, and text clipped to a feed's limit. */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntity(whole: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  }
  return NAMED[name.toLowerCase()] ?? whole;
}

/** Tags out (as spaces), the common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  // Most descriptions are plain text already: no markup, no entity, only single spaces.
  if (!/[<&]|[^\S ]| {2}/.test(html)) return html.trim();
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with "…" when longer; never half a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  if (/[\uDC00-\uDFFF]/.test(text[cut])) cut -= 1;
  const head = text.slice(0, cut);
  const atWord = head.replace(/\s+\S*$/, '');
  return `${atWord.length >= cut / 2 ? atWord : head}…`;
}
