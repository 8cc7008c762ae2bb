import zlib from 'node:zlib';
import { utf8Of, type PagePart } from './html';
import { gzipPieces, type DeflatedParts } from './gzip-parts';

const gzipParts = (parts: readonly PagePart[], memo: DeflatedParts) => Buffer.concat(gzipPieces(parts, memo));

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
  const once = gzipParts(parts, memo);
  expect(zlib.gunzipSync(once).equals(utf8Of(parts))).toBe(true);
  // Again with the shared parts' pieces kept: the same bytes.
  expect(gzipParts(parts, memo).equals(once)).toBe(true);
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
