import { formatPageTitle } from './page-title';

describe('page titles (spec §2)', () => {
  const of = (length: number) => 'x'.repeat(length);
  test.each([
    ['Koszyk', 'Koszyk - Sklep'],
    [of(44), `${of(44)} - Sklep`],
    [of(45), of(45)],
    [of(60), of(60)],
    [of(61), of(60)],
    [of(200), of(60)],
    ['  Porady  ', 'Porady - Sklep'],
  ])('"%s" → "%s"', (title, expected) => {
    expect(formatPageTitle(title)).toBe(expected);
  });
});
