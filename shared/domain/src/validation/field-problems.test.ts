import { FIELD_MESSAGES, NIP_CHECKSUM, nipDigits, nipProblem, phoneProblem, postcodeProblem } from './field-problems';
import { PERSON_MESSAGES } from './person';

const REQUIRED = PERSON_MESSAGES.required;

test.each([
  ['00-950', {}, null],
  [' 31-154 ', {}, null],
  ['', {}, REQUIRED],
  ['  ', { optional: true }, null],
  ['00950', {}, FIELD_MESSAGES.postcode],
  ['00-95', {}, FIELD_MESSAGES.postcode],
  ['AB-123', { optional: true }, FIELD_MESSAGES.postcode],
])('postcode %j %j → %s', (value, presence, problem) => {
  expect(postcodeProblem(value, presence)).toBe(problem);
});

test.each([
  ['600 700 800', {}, null],
  ['+48 600-700-800', {}, null],
  ['0048600700800', {}, null],
  ['', {}, REQUIRED],
  ['', { optional: true }, null],
  ['60070080', {}, FIELD_MESSAGES.phone],
  ['+49 600 700 800', { optional: true }, FIELD_MESSAGES.phone],
])('phone %j %j → %s', (value, presence, problem) => {
  expect(phoneProblem(value, presence)).toBe(problem);
});

test.each([
  ['1234563218', {}, null], // weights 6,5,7,2,3,4,5,6,7: 1·6+2·5+3·7+4·2+5·3+6·4+3·5+2·6+1·7 = 118, 118 mod 11 = 8
  ['123-456-32-18', {}, null],
  ['123 456 32 18', {}, null],
  ['', {}, REQUIRED],
  [' - ', { optional: true }, null],
  ['123456321', {}, FIELD_MESSAGES.nipLength],
  ['12345632180', {}, FIELD_MESSAGES.nipLength],
  ['12345632AB', {}, FIELD_MESSAGES.nipLength],
  ['1234563219', {}, NIP_CHECKSUM],
  ['1234563219', { optional: true }, NIP_CHECKSUM],
])('NIP %j %j → %s', (value, presence, problem) => {
  expect(nipProblem(value, presence)).toBe(problem);
});

test('a NIP is read as its digits', () => {
  expect(nipDigits('123-456 32-18')).toBe('1234563218');
});
