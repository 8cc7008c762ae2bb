import { FINITE_MESSAGE, withFiniteNumbers } from './finite-numbers';

/** Which schema nodes get `finite: true`: every numeric one, nested or not, never data. */
test.each<[string, unknown, unknown]>([
  ['an integer', { type: 'integer', maximum: 50 }, { type: 'integer', maximum: 50, finite: true }],
  ['a number', { type: 'number' }, { type: 'number', finite: true }],
  ['a nullable number', { type: ['number', 'null'] }, { type: ['number', 'null'], finite: true }],
  ['a string', { type: 'string' }, { type: 'string' }],
  ['a property named type', { type: 'object', properties: { type: { type: 'string' } } }, { type: 'object', properties: { type: { type: 'string' } } }],
  [
    'nested in objects, arrays and unions',
    { type: 'object', properties: { a: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } } },
    { type: 'object', properties: { a: { type: 'array', items: { anyOf: [{ type: 'integer', finite: true }, { type: 'null' }] } } } },
  ],
  ['a default that looks like a schema', { type: 'object', default: { type: 'number' } }, { type: 'object', default: { type: 'number' } }],
  ['one that says finite: false', { type: 'number', finite: false }, { type: 'number', finite: false }],
])('%s', (_name, schema, expected) => {
  const before = JSON.stringify(schema);
  expect(withFiniteNumbers(schema)).toEqual(expected);
  expect(JSON.stringify(schema)).toBe(before); // a copy: the OpenAPI document keeps the schema as written
});

test('the message says what is wrong', () => {
  expect(FINITE_MESSAGE).toBe('must be a finite number');
});
