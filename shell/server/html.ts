/** A stylesheet's text inside <style>: it cannot close the element either. */
export const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * A page's parts as one UTF-8 buffer, never as one string: a page's text is two-byte (Polish
 * letters), and a two-byte string over 128 KB is a large-object allocation in V8 — joining a
 * product page's ~90 000 characters cost ~1 ms of the page server's single thread per request
 * (a profile of `bench:web`'s throughput: 470 pages/s), where encoding the parts one by one
 * costs ~0.1 ms.
 */
export function utf8Of(parts: readonly PagePart[]): Buffer {
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)));
}

/** A piece of a page: text, or text already encoded (what many pages share: see `encodedFor`). */
export type PagePart = string | Buffer;

/**
 * `text` encoded to UTF-8 once per value of `key` (an object a cache keeps: the shell's frame,
 * a cached render): what many pages carry is not encoded again for each (a profile of
 * `bench:web`'s throughput: encoding and copying the same ~100 KB per page was the page server's
 * largest cost after its socket writes).
 */
export function encodedFor<Key extends object>(memo: WeakMap<Key, Buffer>, key: Key, text: () => string): Buffer {
  let buffer = memo.get(key);
  if (buffer === undefined) {
    buffer = Buffer.from(text(), 'utf8');
    memo.set(key, buffer);
  }
  return buffer;
}
