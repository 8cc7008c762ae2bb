import { cmsPlainText, sanitizeCmsHtml } from './cms-sanitize';

/** The allow-list of CMS HTML (docs/content.md): what a content page keeps and what it never gets. */
describe('sanitizeCmsHtml', () => {
  test.each([
    ['headings, paragraphs and lists', '<h2>Dostawa</h2><p>Tekst <strong>ważny</strong> i <em>ważniejszy</em></p><ul><li>a</li></ul><ol><li>b</li></ol>'],
    [
      'a table with header cells',
      '<table><caption>Koszty</caption><thead><tr><th scope="col">Sposób</th></tr></thead><tbody><tr><th scope="row">Kurier</th><td colspan="2">29,00 zł</td></tr></tbody></table>',
    ],
    ['a quotation and a line break', '<blockquote><p>Adresat:<br />Kaloryfer</p></blockquote>'],
    ['a site-relative link', '<a href="/i/dostawa">Dostawa</a>'],
    ['e-mail and phone links', '<a href="mailto:sklep@kaloryfer.pl">e-mail</a> <a href="tel:+48123456789">telefon</a>'],
  ])('keeps %s', (_name, html) => {
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  test.each([
    ['a script with its text', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['a style with its text', '<style>p{display:none}</style><p>a</p>', '<p>a</p>'],
    ['an image with onerror', '<p>a<img src=x onerror="alert(1)"></p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://example.com"></iframe><p>a</p>', '<p>a</p>'],
    ['an SVG with onload', '<svg onload="alert(1)"><circle /></svg><p>a</p>', '<p>a</p>'],
    ['a form and its field', '<form action="/x"><input name="q"></form><p>a</p>', '<p>a</p>'],
    ['on… handlers, style and class', '<p onclick="alert(1)" style="color:red" class="x" id="y">a</p>', '<p>a</p>'],
    ['a javascript: link (its text stays)', '<a href="javascript:alert(1)">kliknij</a>', 'kliknij'],
    ['a javascript: link hidden by case, tab and spaces', '<a href=" JaVa&#x09;ScRiPt:alert(1)">kliknij</a>', 'kliknij'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['a protocol-relative link', '<a href="//evil.example/">x</a>', 'x'],
    ['a backslash link browsers read as another host', '<a href="/\\evil.example/">x</a>', 'x'],
    ['a relative link not starting at the root', '<a href="dostawa">x</a>', 'x'],
    ['a link without href', '<a name="top">x</a>', 'x'],
    ["the author's target and rel", '<a href="/i/kontakt" target="_blank" rel="opener">x</a>', '<a href="/i/kontakt">x</a>'],
    [
      // The content remote's page test shows exactly this answer (mfe-content/src/cms/cms-page.test.tsx, SANITISED_BODY).
      'all of it at once',
      '<h2>Zasady</h2><p onclick="steal()">Tekst<img src=x onerror="steal()"></p><script>steal()</script>' +
        '<p><a href="javascript:steal()">kliknij</a> <a href="/i/dostawa" onmouseover="steal()">Dostawa</a></p><iframe src="https://evil.example"></iframe>',
      '<h2>Zasady</h2><p>Tekst</p><p>kliknij <a href="/i/dostawa">Dostawa</a></p>',
    ],
  ])('drops %s', (_name, html, expected) => {
    expect(sanitizeCmsHtml(html)).toBe(expected);
  });

  test('a link off the shop gets rel="noopener noreferrer" and no target', () => {
    expect(sanitizeCmsHtml('<a href="https://uodo.gov.pl" target="_blank">UODO</a>')).toBe('<a href="https://uodo.gov.pl" rel="noopener noreferrer">UODO</a>');
  });

  test("headings start at h2 (the page's title is its h1) and end at h4", () => {
    expect(sanitizeCmsHtml('<h1>a</h1><h5>b</h5><h6>c</h6><b>d</b><i>e</i>')).toBe('<h2>a</h2><h4>b</h4><h4>c</h4><strong>d</strong><em>e</em>');
  });

  test('text stays text', () => {
    expect(sanitizeCmsHtml('5 < 6 & „cudzysłów”')).toBe('5 &lt; 6 &amp; „cudzysłów”');
  });
});

test('cmsPlainText: the words of the HTML, with a space where blocks end', () => {
  expect(cmsPlainText('<h2>A &amp; B</h2><p>Pierwszy „akapit”<br>5&nbsp;000 zł &lt;netto&gt;</p><ul><li>x</li><li>y</li></ul><script>z()</script>')).toBe(
    'A & B Pierwszy „akapit” 5 000 zł <netto> x y',
  );
});
