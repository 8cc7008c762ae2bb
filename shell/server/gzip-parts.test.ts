import zlib from 'node:zlib';
import { utf8Of, type PagePart } from './html';
import { DeflatedTexts, gzipPieces, type DeflatedParts } from './gzip-parts';

const gzipParts = (parts: readonly PagePart[], memo: DeflatedParts, texts = new DeflatedTexts(), perRequest: string[] = []) =>
  Buffer.concat(gzipPieces(parts, memo, texts, perRequest));

const shared = Buffer.from(`<style>${'.tile{display:grid;gap:8px}'.repeat(200)}</style>`, 'utf8'); // over the 1 KB a part is kept deflated from
const small = Buffer.from('<div id="root">', 'utf8');
const polish = Buffer.from(`<p>${'Grzejnik łazienkowy — ciepło, żółć, źdźbło. '.repeat(60)}</p>`, 'utf8');

test.each<[string, PagePart[]]>([
  ['text only', ['<!doctype html>', '<html lang="pl">', '<title>Kaloryfer</title>']],
  ['shared parts between texts', ['<head>', shared, '<body>', polish, '</body>']],
  ['a shared part first and last, small buffers among texts', [shared, small, 'ą', small, polish]],
  ['empty parts', ['', Buffer.alloc(0), 'x', '', shared, Buffer.alloc(0)]],
  ['nothing', []],
])('%s: inflates to exactly the joined parts (CRC and length checked)', (_case, parts) => {
  const memo: DeflatedParts = new WeakMap();
  const texts = new DeflatedTexts();
  const once = gzipParts(parts, memo, texts);
  expect(zlib.gunzipSync(once).equals(utf8Of(parts))).toBe(true);
  // Again and again with the shared parts' pieces and the texts kept: the same bytes.
  expect(gzipParts(parts, memo, texts).equals(once)).toBe(true);
  expect(gzipParts(parts, memo, texts).equals(once)).toBe(true);
});

test('a shared part is deflated once, its piece kept as long as the part', () => {
  const memo: DeflatedParts = new WeakMap();
  gzipParts(['<head>', shared, polish], memo);
  expect(memo.has(shared)).toBe(true);
  expect(memo.has(polish)).toBe(true);
  expect(memo.has(small)).toBe(false);
  const kept = memo.get(shared);
  gzipParts([shared, '</html>'], memo);
  expect(memo.get(shared)).toBe(kept);
});

test('compressed as well as the page whole, but for a few bytes a piece', () => {
  const parts = ['<html><head>', shared, '</head><body>', polish, '<script type="application/json">{"language":"pl-PL"}</script></body></html>'];
  const whole = zlib.gzipSync(utf8Of(parts), { level: 6 }).length;
  const pieces = 5; // text, shared, text, polish (over 1 KB: kept), text
  expect(gzipParts(parts, new WeakMap()).length).toBeLessThanOrEqual(whole + 20 * pieces);
});

const head = `<!doctype html><html lang="pl"><head><title>Grzejnik łazienkowy 500×1200 — Kaloryfer</title>${'<link rel="preload" href="/mfe/catalog/7ee49af6b42e2229/page-product.js" as="script">'.repeat(20)}<style nonce="`;
const page = (nonce: string, token: string): PagePart[] => [
  head,
  nonce,
  '">',
  shared,
  `<script type="application/json">{"language":"pl-PL","pageView":"${token}","regions":{`,
  polish,
  `}}</script><script nonce="${nonce}">start()</script></body></html>`,
];

test('what only this response carries is cut out and sent stored; the texts around it are kept deflated from their second page', () => {
  const memo: DeflatedParts = new WeakMap();
  const texts = new DeflatedTexts();
  const pages = [
    ['bm9uY2Ugb25lIG9uZQ==', 'eyJuIjoiYSJ9.c2lnbmF0dXJlIG9uZQ'],
    ['bm9uY2UgdHdvIHR3bw==', 'eyJuIjoiYiJ9.c2lnbmF0dXJlIHR3bw'],
    ['bm9uY2UgdGhyZWUgMw==', 'eyJuIjoiYyJ9.c2lnbmF0dXJlIHRocmVl'],
  ].map(([nonce, token]) => {
    const parts = page(nonce, token);
    const pieces = gzipPieces(parts, memo, texts, [nonce, token]);
    const gzip = Buffer.concat(pieces);
    expect(zlib.gunzipSync(gzip).equals(utf8Of(parts))).toBe(true);
    // Stored: the nonce and the token are in the answer as they are.
    expect(gzip.includes(nonce)).toBe(true);
    expect(gzip.includes(token)).toBe(true);
    return pieces;
  });
  expect(texts.size).toBe(1); // the <head> text, seen twice (the state's texts are short enough to be stored)
  // The third page's piece of the <head> text is the very Buffer the second page's was (kept), not the first's (seen once).
  const third = new Set(pages[2]);
  const inThird = (pieces: Buffer[]) => pieces.filter((piece) => third.has(piece));
  expect(inThird(pages[0])).toEqual(expect.arrayContaining([memo.get(shared), memo.get(polish)]));
  expect(inThird(pages[1]).filter((piece) => !inThird(pages[0]).includes(piece))).toHaveLength(1);
});

test('a text over 65,535 bytes of this response alone goes as several stored blocks', () => {
  const token = 'ż'.repeat(40_000); // 80,000 bytes
  const parts = ['<p>', token, '</p>'];
  expect(zlib.gunzipSync(gzipParts(parts, new WeakMap(), new DeflatedTexts(), [token])).equals(utf8Of(parts))).toBe(true);
});

test('kept texts: never one seen once, the oldest dropped past the bound, a flood of once-seen texts forgotten', () => {
  const texts = new DeflatedTexts(20_000, 3);
  const text = (n: number) => `<p>${n} ${'Grzejnik dekoracyjny. '.repeat(100)}</p>`; // ~2.2 KB: ~7 KB kept each
  texts.of(text(1));
  expect(texts.size).toBe(0);
  expect(texts.of(text(1))).toBe(texts.of(text(1)));
  expect(texts.size).toBe(1);
  for (const n of [2, 3]) [1, 2].forEach(() => texts.of(text(n)));
  expect(texts.size).toBeLessThanOrEqual(2); // 3 × ~7 KB > 20,000 bytes: the first dropped
  const first = texts.of(text(1));
  expect(texts.of(text(1))).not.toBe(first); // seen once again since it was dropped: not kept yet
  // Once-seen texts past the bound of 3 are forgotten: the fourth's second sighting is its first again.
  for (const n of [10, 11, 12, 13]) texts.of(text(n));
  const before = texts.size;
  texts.of(text(10));
  expect(texts.size).toBe(before);
});

test('a small Buffer among the texts is taken as its text; one whose bytes are not UTF-8 text is deflated with its run as it is', () => {
  const texts = new DeflatedTexts();
  const latin = `<p>${'Grzejnik łazienkowy. '.repeat(20)}</p>`;
  const parts = [latin, small, latin];
  for (let visit = 0; visit < 3; visit++) expect(zlib.gunzipSync(gzipParts(parts, new WeakMap(), texts)).equals(utf8Of(parts))).toBe(true);
  expect(texts.size).toBe(1);
  const notText = Buffer.from([0x3c, 0x70, 0x3e, 0xc5, 0x28, 0xff, 0x3c, 0x2f, 0x70, 0x3e]); // "<p>", invalid UTF-8, "</p>"
  const mixed = [latin, notText, latin];
  expect(zlib.gunzipSync(gzipParts(mixed, new WeakMap(), texts)).equals(utf8Of(mixed))).toBe(true);
});
