import { formatPhone, isValidNip, isValidPostcode, isValidRegon, normalisePhone } from './polish-identifiers';

describe('NIP', () => {
  test.each([
    ['5261040828', true],
    ['526-104-08-28', true],
    ['526 104 08 28', true],
    ['5261040829', false],
    ['526104082', false],
    ['52610408281', false],
    ['abcdefghij', false],
    ['', false],
    // first nine digits whose weighted sum mod 11 is 10: never valid, whatever the last digit
    ['0000000060', false],
  ])('%s → %s', (nip, valid) => {
    expect(isValidNip(nip)).toBe(valid);
  });
});

describe('REGON', () => {
  test.each([
    ['123456785', true],
    ['123456786', false],
    ['12345678512347', true],
    ['12345678512348', false],
    ['12345678', false],
    ['12345678x', false],
  ])('%s → %s', (regon, valid) => {
    expect(isValidRegon(regon)).toBe(valid);
  });
});

describe('postcode and phone', () => {
  test.each([
    ['00-950', true],
    [' 31-042 ', true],
    ['00950', false],
    ['0-0950', false],
    ['ab-cde', false],
  ])('postcode %s → %s', (code, valid) => {
    expect(isValidPostcode(code)).toBe(valid);
  });

  test.each([
    ['600 700 800', '+48600700800'],
    ['+48 600-700-800', '+48600700800'],
    ['0048600700800', '+48600700800'],
    ['60070080', null],
    ['6007008001', null],
    ['telefon', null],
  ])('phone %s → %s', (input, normalised) => {
    expect(normalisePhone(input)).toBe(normalised);
  });

  test('shown as xxx xxx xxx', () => {
    expect(formatPhone('+48600700800')).toBe('600 700 800');
  });
});
