import { parseArguments, refusedFileOf } from './import-cli-options';

/** `npm run catalog:import`'s command line: what each form asks for, and every mistake told with what to write instead. */
test('a file and its flags: the format from the extension, a profile to save from --map and --ignore, the shop', () => {
  expect(
    parseArguments([
      'dostawa.XLSX',
      '--sheet',
      'Cennik',
      '--save-profile',
      'abc',
      '--map',
      'Symbol=sku',
      '--map',
      'A=B=price',
      '--ignore',
      'Uwagi',
      '--match',
      'sku',
      '--shop',
    ]),
  ).toEqual({
    command: {
      kind: 'import',
      file: 'dostawa.XLSX',
      saveProfile: { name: 'abc', settings: { columns: { Symbol: 'sku', 'A=B': 'price', Uwagi: null }, match: 'sku', sheet: 'Cennik' } },
      job: { fileName: 'dostawa.XLSX', dryRun: false, skipBadRows: false, format: 'xlsx', encoding: null, sheet: 'Cennik', profile: 'abc' },
    },
    shop: '',
    token: undefined,
  });
  const feed = parseArguments(['/tmp/feed.xml', '--profile', 'abc', '--dry-run', '--skip-bad-rows', '--shop', 'https://sklep.example', '--token', 'kfr_x']);
  expect(feed).toMatchObject({
    shop: 'https://sklep.example',
    token: 'kfr_x',
    command: { job: { format: 'xml', profile: 'abc', dryRun: true, skipBadRows: true } },
  });
  expect(parseArguments(['ceny.txt', '--format', 'json', '--encoding', 'windows-1250'])).toMatchObject({
    shop: null,
    command: { job: { format: 'json', encoding: 'windows-1250' } },
  });
  expect(parseArguments(['--save-profile', 'abc', '--map', 'Kod=sku'])).toMatchObject({ command: { kind: 'import', file: null } });
});

test('history, status and profiles are commands', () => {
  expect(parseArguments(['history', '--limit', '5', '--shop'])).toEqual({ command: { kind: 'history', limit: 5 }, shop: '', token: undefined });
  expect(parseArguments(['status', '12']).command).toEqual({ kind: 'status', id: 12 });
  expect(parseArguments(['profiles']).command).toEqual({ kind: 'profiles' });
  expect(parseArguments(['x.csv', '--help']).command).toEqual({ kind: 'help' });
});

test.each([
  [[], 'no file given'],
  [['a.csv', 'b.csv'], 'one file at a time, got 2'],
  [['a.csv', '--force'], 'unknown option --force'],
  [['a.csv', '--format'], '--format needs a value'],
  [['a.pdf', '--format', 'pdf'], '--format is csv, json, xlsx, xml, got "pdf"'],
  [['a.csv', '--encoding', 'latin1'], '--encoding is utf-8, windows-1250, iso-8859-2, got "latin1"'],
  [['a.csv', '--map', 'Kod=sku'], '--map describes a profile: name it with --save-profile <name>'],
  [['a.csv', '--save-profile', 'abc'], '--save-profile needs at least one --map "Header=field"'],
  [['a.csv', '--save-profile', 'abc', '--map', 'Kod'], '--map "Kod": write it as "Header=field"'],
  [['a.csv', '--save-profile', 'abc', '--map', 'Cena=cena'], '--map "Cena=cena": "cena" is not an import field; the fields are sku, price, special_price'],
  [['a.csv', '--save-profile', 'abc', '--map', 'Kod=sku', '--match', 'kod'], '--match is ean or sku, got "kod"'],
  [['a.csv', '--save-profile', 'abc', '--map', 'Kod=sku', '--profile', 'abc'], '--profile uses a saved profile and --save-profile saves one'],
  [['history', '--limit', '0'], '--limit is a whole number from 1 to 200, got "0"'],
  [['status', 'x'], 'status takes one import job number'],
])('%j: %s', (argv, message) => {
  expect(() => parseArguments(argv)).toThrow(message);
});

test('the refused rows go beside the file, as CSV', () => {
  expect(refusedFileOf('/dane/hurtownia/cennik.xlsx')).toBe('/dane/hurtownia/cennik.odrzucone.csv');
  expect(refusedFileOf('stany.csv')).toBe('stany.odrzucone.csv');
});
