import { escapeHtml, scriptJson } from './html-text';

test.each([
  ['Grzejnik "Zefir" <60 cm> & więcej', 'Grzejnik &quot;Zefir&quot; &lt;60 cm&gt; &amp; więcej'],
  ['&amp; already', '&amp;amp; already'],
  ['', ''],
])('escapeHtml(%p)', (text, html) => {
  expect(escapeHtml(text)).toBe(html);
});

test('scriptJson: no value closes the <script>, and the JSON reads back the same', () => {
  const value = { name: '</script><script>alert(1)</script>', lines: 'a\u2028b\u2029c', price: 1299 };
  const text = scriptJson(value);
  expect(text).not.toMatch(/<|\u2028|\u2029/);
  expect(JSON.parse(text)).toEqual(value);
});
