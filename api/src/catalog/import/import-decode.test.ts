import iconv from 'iconv-lite';
import { decodeBytes, detectEncoding, encodingNamed } from './import-decode';
import type { ImportEncoding } from './import-profile';

/** A supplier's price list with every letter the two legacy encodings write differently (Ą ą Ś ś Ź ź) and those they share (ł ż ó). */
const POLISH = 'Indeks;Nazwa;Cena brutto;Stan\nKF-1;Grzejnik łazienkowy Żółty;1 299,00;5\nKF-2;Śliski źródłowy zawór Ą, ś i ź;48,99;0\n';

const bytesOf = (encoding: ImportEncoding, text = POLISH) => iconv.encode(text, encoding);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const withBom = (bytes: Buffer) => Buffer.concat([UTF8_BOM, bytes]);

test.each<[string, ImportEncoding, string, (bytes: Buffer) => Buffer]>([
  ['Windows-1250 (a Polish Excel\'s "CSV")', 'windows-1250', POLISH, (bytes) => bytes],
  ['ISO-8859-2', 'iso-8859-2', POLISH, (bytes) => bytes],
  ['UTF-8', 'utf-8', POLISH, (bytes) => bytes],
  ['UTF-8 with a BOM', 'utf-8', POLISH, withBom],
  ['Windows-1250 with only the letters both share (ł ó ż)', 'windows-1250', 'sku;name\nKF-1;Żółty łuk\n', (bytes) => bytes],
  ['ISO-8859-2 with a single ą', 'iso-8859-2', 'sku;name\nKF-1;Zawór kątowy\n', (bytes) => bytes],
  ['Windows-1250 with a single ś among units', 'windows-1250', 'sku;name\nKF-1;Grzejnik ścienny 600×1200, 75°C\n', (bytes) => bytes],
  ['plain ASCII', 'utf-8', 'sku;price\nKF-1;10\n', (bytes) => bytes],
])('%s is detected and read', (_case, encoding, text, around) => {
  const bytes = around(iconv.encode(text, encoding));
  expect(detectEncoding(bytes)).toBe(encoding);
  expect(decodeBytes(bytes)).toEqual({ ok: true, encoding, text });
});

test('the bytes the two encodings disagree on: Ś ś Ź ź Ą ą', () => {
  expect(decodeBytes(Buffer.from([0x8c, 0x9c, 0x8f, 0x9f, 0xa5, 0xb9]), 'windows-1250')).toMatchObject({ text: 'ŚśŹźĄą' });
  expect(decodeBytes(Buffer.from([0xa6, 0xb6, 0xac, 0xbc, 0xa1, 0xb1]), 'iso-8859-2')).toMatchObject({ text: 'ŚśŹźĄą' });
  expect(detectEncoding(Buffer.from('a\u008c\u009c\u008f\u009f\u00a5\u00b9', 'latin1'))).toBe('windows-1250');
  expect(detectEncoding(Buffer.from('a\u00a6\u00b6\u00ac\u00bc\u00a1\u00b1', 'latin1'))).toBe('iso-8859-2');
});

test('an encoding the operator chose is used even when the text reads oddly; a UTF-8 BOM is still UTF-8', () => {
  expect(decodeBytes(bytesOf('iso-8859-2'), 'windows-1250')).toEqual({
    ok: true,
    encoding: 'windows-1250',
    text: iconv.decode(bytesOf('iso-8859-2'), 'windows-1250'),
  });
  expect(decodeBytes(bytesOf('windows-1250'), 'iso-8859-2')).toMatchObject({ ok: true, encoding: 'iso-8859-2' });
  expect(decodeBytes(bytesOf('utf-8'), 'windows-1250')).toMatchObject({ encoding: 'windows-1250', text: expect.stringContaining('Ĺ‚') });
  expect(decodeBytes(Buffer.concat([UTF8_BOM, bytesOf('utf-8')]), 'windows-1250')).toEqual({ ok: true, encoding: 'utf-8', text: POLISH });
});

test('an encoding the file declares is used, unless it claims UTF-8 for bytes that are not', () => {
  expect(decodeBytes(bytesOf('iso-8859-2', 'Ćma'), undefined, 'iso-8859-2')).toEqual({ ok: true, encoding: 'iso-8859-2', text: 'Ćma' });
  expect(decodeBytes(bytesOf('windows-1250'), undefined, 'utf-8')).toEqual({ ok: true, encoding: 'windows-1250', text: POLISH });
});

test('UTF-16 (Excel\'s "Unicode text") is refused with what to do', () => {
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sku\tprice\n', 'utf16le')]);
  expect(decodeBytes(utf16)).toEqual({ ok: false, reason: expect.stringMatching(/UTF-16.*save it as "CSV UTF-8"/) });
});

test.each([
  ['UTF-8', 'utf-8'],
  ['us-ascii', 'utf-8'],
  ['windows-1250', 'windows-1250'],
  ['CP1250', 'windows-1250'],
  ['ISO-8859-2', 'iso-8859-2'],
  ['latin2', 'iso-8859-2'],
  ['ISO-8859-1', undefined],
  ['UTF-16', undefined],
])('the encoding named %j is %j', (name, encoding) => {
  expect(encodingNamed(name)).toBe(encoding);
});
