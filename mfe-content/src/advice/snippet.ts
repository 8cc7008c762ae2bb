/** Spec §9: the snippet limit, in characters. */
export const SNIPPET_LIMIT = 150;

const ELLIPSIS = '…';

/**
 * The text as it fits in `limit` characters: whole when it does, otherwise cut at the last word
 * boundary with "…" (the ellipsis counted in the limit) and no dangling comma or dash.
 */
export function snippet(text: string, limit = SNIPPET_LIMIT): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const room = clean.slice(0, limit - ELLIPSIS.length + 1);
  const cut = room.includes(' ') ? room.slice(0, room.lastIndexOf(' ')) : room.slice(0, limit - ELLIPSIS.length);
  return `${cut.replace(/[\s,;:–—-]+$/, '')}${ELLIPSIS}`;
}
