import { cdata, chunked, element, xmlAttribute, xmlSafe, xmlText } from './xml-text';
import { clip, plainText } from './feeds/plain-text';

describe('XML text', () => {
  test('element text escapes &, < and >', () => {
    expect(xmlText('A & B <c> "d" \'e\'')).toBe('A &amp; B &lt;c&gt; "d" \'e\'');
    expect(element('title', 'a & b')).toBe('<title>a &amp; b</title>');
    expect(element('title', '')).toBe('');
    expect(element('title', undefined)).toBe('');
  });

  test('attribute values escape quotes and keep their whitespace as references', () => {
    expect(xmlAttribute('"a" & \'b\' <c>\n\t')).toBe('&quot;a&quot; &amp; &apos;b&apos; &lt;c&gt;&#10;&#9;');
    expect(xmlAttribute('https://sklep.example/p/KF-1/grzejnik')).toBe('https://sklep.example/p/KF-1/grzejnik');
  });

  test('CDATA is split around ]]>', () => {
    expect(cdata('a ]]> b ]]> c')).toBe('<![CDATA[a ]]]]><![CDATA[> b ]]]]><![CDATA[> c]]>');
    expect(cdata('plain')).toBe('<![CDATA[plain]]>');
  });

  test('characters XML 1.0 cannot carry are dropped; tabs, newlines and whole surrogate pairs stay', () => {
    expect(xmlSafe('a\u0000b\u0008c\u000Bd\u001Fe\u007Ff\u0085g\uFFFEh')).toBe('abcdefgh');
    expect(xmlSafe('t\tn\nr\r')).toBe('t\tn\nr\r');
    expect(xmlSafe('ok 🔥 \uD83D x \uDD25 y')).toBe('ok 🔥  x  y');
    expect(xmlText('\u0001<')).toBe('&lt;');
  });

  test('chunks hold `size` items each, the head in the first and the tail in the last', () => {
    expect([...chunked('<h>', ['1', '2', '3', '4', '5', '67890'], '</h>', 5)]).toEqual(['<h>12', '34567890', '</h>']);
    expect([...chunked('<h>', [], '</h>', 5)]).toEqual(['<h></h>']);
  });
});

describe('plain text', () => {
  test.each([
    ['<p>Grzejnik&nbsp;<b>biały</b> &amp; mocny</p>', 'Grzejnik biały & mocny'],
    ['a &lt;b&gt; &#261; &#x17C; &unknown; x', 'a <b> ą ż &unknown; x'],
    ['  already   plain \n text ', 'already plain text'],
    ['plain', 'plain'],
  ])('%p → %p', (html, text) => {
    expect(plainText(html)).toBe(text);
  });

  test('clipping cuts at a word, never inside a surrogate pair', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('Grzejnik łazienkowy drabinkowy', 22)).toBe('Grzejnik łazienkowy…');
    const clipped = clip(`${'a'.repeat(8)}🔥🔥`, 10);
    expect(clipped).toBe(`${'a'.repeat(8)}…`);
    expect(clip('x'.repeat(200), 150)).toHaveLength(150);
  });
});
