import iconv from 'iconv-lite';
import { parseImportFile, type ParsedImport } from './import-file';
import type { ParseOptions } from './import-profile';

const rowsOf = (parsed: ParsedImport) => (parsed.ok ? parsed.file.rows : parsed.problems);

test("a wholesaler's feed in Windows-1250, as its declaration says: <produkt> records, their elements the columns", async () => {
  const xml = `<?xml version="1.0" encoding="windows-1250"?>
<produkty data="2026-12-01">
  <produkt>
    <indeks>KF-1</indeks>
    <nazwa><![CDATA[ Grzejnik łazienkowy Żółty & ścienny ]]></nazwa>
    <cena_brutto>1 299,00</cena_brutto>
    <stan>5</stan>
    <producent>Purmo</producent>
  </produkt>
  <produkt><indeks>KF-2</indeks><nazwa>Źródło ciepła &amp; zawór Ą</nazwa><cena_brutto>48,99</cena_brutto><stan/></produkt>
</produkty>`;
  expect(await parseImportFile(iconv.encode(xml, 'windows-1250'))).toEqual({
    ok: true,
    file: {
      format: 'xml',
      encoding: 'windows-1250',
      columns: ['sku', 'name', 'price', 'qty'],
      rows: [
        { row: 1, cells: { sku: 'KF-1', name: 'Grzejnik łazienkowy Żółty & ścienny', price: '1 299,00', qty: '5' } },
        { row: 2, cells: { sku: 'KF-2', name: 'Źródło ciepła & zawór Ą', price: '48,99', qty: '' } },
      ],
      ignored: ['producent'],
      match: 'sku',
    },
  });
});

test('the same feed declared ISO-8859-2 reads the same; an undeclared one is detected', async () => {
  const feed = (declaration: string) => `${declaration}<produkty><produkt><indeks>KF-1</indeks><nazwa>Śruba ąź</nazwa></produkt></produkty>`;
  for (const [text, encoding] of [
    [feed('<?xml version="1.0" encoding="ISO-8859-2"?>'), 'iso-8859-2'],
    [feed('<?xml version="1.0"?>'), 'iso-8859-2'],
    [feed(''), 'windows-1250'],
  ] as const) {
    const parsed = await parseImportFile(iconv.encode(text, encoding));
    expect(parsed).toMatchObject({ ok: true, file: { encoding, rows: [{ row: 1, cells: { sku: 'KF-1', name: 'Śruba ąź' } }] } });
  }
});

test('a Ceneo-like feed: a record\'s attributes are columns, and <attrs><a name="EAN"> one per name', async () => {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<offers xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1">
  <group name="other">
    <o id="KF-1" url="https://sklep.example/kf-1" price="1299.00" avail="1" stock="12">
      <cat><![CDATA[Grzejniki]]></cat>
      <name><![CDATA[Grzejnik dekoracyjny]]></name>
      <imgs><main url="https://sklep.example/kf-1.jpg"/></imgs>
      <attrs><a name="Producent">Purmo</a><a name="EAN">5901234123457</a></attrs>
    </o>
    <o id="KF-2" price="48.99" stock="0"><name>Zaw&#243;r &#x105;</name></o>
  </group>
</offers>`;
  const profile = { name: 'ceneo', columns: { id: 'sku' as const } };
  expect(await parseImportFile(Buffer.from(xml), { profile })).toEqual({
    ok: true,
    file: {
      format: 'xml',
      encoding: 'utf-8',
      columns: ['sku', 'price', 'qty', 'name', 'ean'],
      rows: [
        { row: 1, cells: { sku: 'KF-1', price: '1299.00', qty: '12', name: 'Grzejnik dekoracyjny', ean: '5901234123457' } },
        { row: 2, cells: { sku: 'KF-2', price: '48.99', qty: '0', name: 'Zawór ą' } },
      ],
      ignored: ['url', 'avail', 'cat', 'imgs', 'Producent'],
      match: 'sku',
    },
  });
});

test('a profile names the record element; otherwise the most repeated element under one parent is the record', async () => {
  const xml = `<cennik><naglowek><waluta>PLN</waluta></naglowek><lista>
    <wiersz><symbol>KF-1</symbol><foto>a.jpg</foto><foto>b.jpg</foto><cena>10</cena></wiersz>
    <wiersz><symbol>KF-2</symbol><cena>11</cena></wiersz>
    <wiersz><symbol>KF-3</symbol><cena>12</cena></wiersz>
  </lista></cennik>`;
  const expected = [
    { row: 1, cells: { sku: 'KF-1', price: '10' } },
    { row: 2, cells: { sku: 'KF-2', price: '11' } },
    { row: 3, cells: { sku: 'KF-3', price: '12' } },
  ];
  expect(rowsOf(await parseImportFile(xml))).toEqual(expected);
  expect(rowsOf(await parseImportFile(xml, { profile: { name: 'x', columns: {}, xml: { record: 'wiersz' } } }))).toEqual(expected);
  expect(rowsOf(await parseImportFile(xml, { profile: { name: 'x', columns: {}, xml: { record: 'pozycja' } } }))).toEqual([
    { row: null, column: null, reason: expect.stringMatching(/^no <pozycja> element in the file/) },
  ]);
});

test('a Google Merchant feed: namespaced elements read without their prefix, <item> the record', async () => {
  const xml = `<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>Sklep</title>
    <item><g:id>KF-1</g:id><g:gtin>5901234123457</g:gtin><g:price>1299.00 PLN</g:price></item>
  </channel></rss>`;
  const profile = { name: 'google', columns: { id: 'sku' as const }, match: 'ean' as const };
  expect(await parseImportFile(xml, { profile })).toMatchObject({
    ok: true,
    file: { rows: [{ row: 1, cells: { sku: 'KF-1', ean: '5901234123457', price: '1299.00 PLN' } }], match: 'ean' },
  });
});

test.each<[string, string, ParseOptions, { row: number | null; column: string | null; reason: RegExp }]>([
  ['a tag not closed', '<produkty><produkt><indeks>KF-1</produkt></produkty>', {}, { row: null, column: null, reason: /^not valid XML: .*line 1/ }],
  ['not XML at all, sent as XML', 'indeks;cena\nKF-1;10', { format: 'xml' }, { row: null, column: null, reason: /^not valid XML/ }],
  [
    'a billion laughs',
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><produkty><produkt><indeks>&lol2;</indeks></produkt></produkty>',
    {},
    { row: null, column: null, reason: /^the XML declares entities/ },
  ],
  [
    'an encoding the import does not read',
    '<?xml version="1.0" encoding="Shift_JIS"?><a/>',
    {},
    { row: null, column: null, reason: /declares the encoding "Shift_JIS"/ },
  ],
  ['no record to find', '<cennik><indeks>KF-1</indeks></cennik>', {}, { row: null, column: null, reason: /^no repeated element to read as products/ }],
  [
    'a record without records',
    '<produkty></produkty>',
    { profile: { name: 'x', columns: {}, xml: { record: 'produkt' } } },
    { row: null, column: null, reason: /^no <produkt> element/ },
  ],
  [
    'an element twice in one record',
    '<produkty><produkt><indeks>KF-1</indeks><cena>1</cena><cena>2</cena></produkt></produkty>',
    {},
    { row: 1, column: 'cena', reason: /^<cena> appears 2 times in one record$/ },
  ],
  [
    'an element holding elements',
    '<produkty><produkt><indeks>KF-1</indeks><cena><brutto>1</brutto><netto>2</netto></cena></produkt></produkty>',
    {},
    { row: 1, column: 'cena', reason: /^<cena> holds elements, not a value$/ },
  ],
  [
    'a reserved name as an element',
    '<produkty><produkt><__proto__>x</__proto__></produkt></produkty>',
    {},
    { row: null, column: null, reason: /^not readable XML/ },
  ],
])('refused, never thrown: %s', async (_case, xml, options, problem) => {
  expect(await parseImportFile(Buffer.from(xml), options)).toEqual({ ok: false, problems: [{ ...problem, reason: expect.stringMatching(problem.reason) }] });
});

test('a repeated or nested element the import does not read refuses nothing', async () => {
  const xml = '<produkty><produkt><indeks>KF-1</indeks><foto>a</foto><foto>b</foto><wymiary><w>600</w></wymiary></produkt></produkty>';
  expect(await parseImportFile(xml)).toMatchObject({ ok: true, file: { columns: ['sku'], ignored: ['foto', 'wymiary'] } });
});
