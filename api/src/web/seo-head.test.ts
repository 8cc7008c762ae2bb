import { withSeoHead } from './seo-head';

describe('withSeoHead: values from the catalogue cannot break out of the head', () => {
  const shell = '<html><head><meta name="description" content="Sklep"><title>Kaloryfer</title></head><body></body></html>';
  test('title, description and canonical are escaped; JSON-LD cannot close its script', () => {
    const html = withSeoHead(shell, {
      title: 'Grzejnik "Aurora" <b>&</b>',
      description: 'Opis "z" <script>',
      canonical: 'https://sklep.test/p/A/"x"',
      structuredData: [{ name: '</script><script>alert(1)</script>' }],
    });
    expect(html).toContain('<title>Grzejnik &quot;Aurora&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(html).toContain('<meta name="description" content="Opis &quot;z&quot; &lt;script&gt;" />');
    expect(html).toContain('href="https://sklep.test/p/A/&quot;x&quot;"');
    expect(html).toContain('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
  });
});
