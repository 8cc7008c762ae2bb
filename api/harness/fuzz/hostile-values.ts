import fc from 'fast-check';

/**
 * What an attacker or a broken client puts where a number, a text or a JSON body belongs
 * (issue #22): numbers JavaScript and Ajv treat oddly, texts far past every limit, wrong types,
 * prototype keys, deep nesting, broken JSON and bytes that are not UTF-8. Every generated text
 * carries MARKER, so whatever the API stores from the fuzz can be found in the database after.
 */
export const MARKER = 'fzmk';

/** Numbers as they arrive in a URL or a form: text. */
export const HOSTILE_NUMBER_TEXTS = [
  'Infinity',
  '-Infinity',
  '+Infinity',
  '1e309',
  '-1e309',
  '1e20',
  '-1e20',
  'NaN',
  '-0',
  '0',
  '-1',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '4294967296',
  '1.5',
  '0x10',
  '1_000',
  ' 5',
  '5 ',
  '',
  '1e-400',
  '0.0000001',
  '99999999999999999999999999999',
  '١٢',
  '5abc',
];

/** Numbers as they arrive in JSON (1e309 itself is written raw: JSON.stringify turns Infinity into null). */
export const HOSTILE_JSON_NUMBERS = [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 53) - 1, 1e20, -1e20, Number.MAX_VALUE, Number.MIN_VALUE, 1e-300];

const longText = (length: number) => fc.constantFrom('x', 'ż', '🔥', '<', '%', '\u0000', ' ').map((unit) => `${MARKER}${unit.repeat(length)}`);

/** Texts that break naive code: huge, control characters, lone surrogates, markup, SQL, paths. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `${MARKER}`,
      `${MARKER}\u0000`,
      `${MARKER}\ud800`,
      `${MARKER}\udfff`,
      `<script>alert(1)</script>${MARKER}`,
      `${MARKER}' OR 1=1 --`,
      `${MARKER}"; DROP TABLE review; --`,
      `../../etc/passwd${MARKER}`,
      `${MARKER}%00`,
      `${MARKER}%`,
      `${MARKER}\r\nSet-Cookie: x=1`,
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      ' ',
      '\t\n',
      `${MARKER}${'\u202e'}`,
      `${MARKER}@example.com`,
      `${MARKER}${'a'.repeat(64)}@${'b'.repeat(250)}.pl`,
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }).map((text) => `${MARKER}${text}`) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `${MARKER}${text}`) },
  { weight: 2, arbitrary: fc.integer({ min: 100, max: 3_000 }).chain(longText) },
  // Past every field's limit and most body limits: rarer, so other fields of the same body still get through.
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 60_000 }).chain(longText) },
);

/** Any JSON value of the wrong kind, small and nested. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], [[]], { length: 1e9 }, { toString: MARKER }, { valueOf: 1 }),
  fc.constantFrom(...HOSTILE_JSON_NUMBERS),
  fc.array(fc.oneof(fc.integer(), hostileText), { maxLength: 5 }),
  fc.dictionary(hostileText, fc.oneof(fc.integer(), hostileText, fc.constant(null)), { maxKeys: 4 }),
);

/** A value for a JSON body field: a hostile text, a hostile number or a wrong type. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
  { weight: 2, arbitrary: wrongType },
);

/** A value for a query or path parameter: hostile numbers above all, texts, encodings. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_TEXTS) },
  { weight: 3, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%C0%AE',
      '%FF',
      '%00',
      '..%2F..%2Fetc',
      '[]',
      '{}',
      'true',
      'null',
      'undefined',
      '{"__proto__":{"polluted":1}}',
    ),
  },
);

/** A query string's own tricks: repeated keys (arrays), prototype keys, bracket syntax. */
export const hostileQueryExtras: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__=polluted',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'constructor=x',
  'toString=1',
  'hasOwnProperty=1',
  `a=${'b'.repeat(8_000)}`,
  'size=1&size=2',
  'from=1&from=Infinity',
  '&&&',
  '=',
  '%=%',
  'a[b][c][d][e]=1',
);

const deep = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/**
 * Whole bodies that are not what any route reads: broken JSON, prototype keys (raw: JSON.stringify
 * drops `__proto__`), deep nesting, non-UTF-8 bytes, empty, huge. `contentType` null = none sent.
 */
export interface RawBody {
  body: string | Uint8Array;
  contentType: string | null;
  label: string;
}

export const hostileRawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom<RawBody>(
    { body: '', contentType: 'application/json', label: 'empty JSON body' },
    { body: '   ', contentType: 'application/json', label: 'blank JSON body' },
    { body: '{', contentType: 'application/json', label: 'truncated JSON' },
    { body: '{"a":}', contentType: 'application/json', label: 'invalid JSON' },
    { body: "{'a':1}", contentType: 'application/json', label: 'single-quoted JSON' },
    { body: 'null', contentType: 'application/json', label: 'JSON null' },
    { body: '[]', contentType: 'application/json', label: 'JSON array' },
    { body: '"text"', contentType: 'application/json', label: 'JSON string' },
    { body: '1e309', contentType: 'application/json', label: 'JSON number 1e309' },
    { body: '{"__proto__":{"polluted":"yes"}}', contentType: 'application/json', label: '__proto__ key' },
    { body: '{"constructor":{"prototype":{"polluted":"yes"}}}', contentType: 'application/json', label: 'constructor.prototype key' },
    { body: '{"a":{"__proto__":{"polluted":"yes"}}}', contentType: 'application/json', label: 'nested __proto__ key' },
    { body: deep(5_000, '[', ']'), contentType: 'application/json', label: 'arrays nested 5,000 deep' },
    { body: deep(5_000, '{"a":', '}'), contentType: 'application/json', label: 'objects nested 5,000 deep' },
    { body: deep(200, '{"review":', '}'), contentType: 'application/json', label: 'objects nested 200 deep' },
    {
      body: Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
      contentType: 'application/json',
      label: 'invalid UTF-8 in a JSON string',
    },
    { body: Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), contentType: 'application/json', label: 'JSON with a byte-order mark' },
    { body: Uint8Array.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), contentType: 'application/json; charset=utf-16', label: 'UTF-16 JSON' },
    { body: '{"a":1}', contentType: 'text/plain', label: 'JSON sent as text/plain' },
    { body: 'a=1&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded', label: 'form with a prototype key' },
    { body: '{"a":1}', contentType: 'application/xml', label: 'unsupported media type' },
    { body: '{"a":1}', contentType: null, label: 'no content type' },
    { body: '{"a":1}', contentType: 'application/json; charset=ebcdic', label: 'unknown charset' },
    { body: `{"a":"${'x'.repeat(40_000)}"}`, contentType: 'application/json', label: '40 KB body' },
    { body: `{"a":"${'x'.repeat(300_000)}"}`, contentType: 'application/json', label: '300 KB body' },
    { body: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json', label: '1.1 MB body' },
    { body: `[${'1,'.repeat(100_000)}1]`, contentType: 'application/json', label: 'array of 100,001 numbers' },
  ),
  hostileText.map((text) => ({ body: text, contentType: 'application/json', label: 'a text as the body' })),
);
