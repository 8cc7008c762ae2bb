import { isValidNip, isValidRegon, isValidPostcode } from '@kaloryfer/domain';
import { FIXTURE_COMPANIES, FixtureCompanyRegister } from './company-register';

test.each(FIXTURE_COMPANIES.map((company) => [company.name, company] as const))('fixture %s has a valid NIP, REGON and postcode', (_name, company) => {
  expect(isValidNip(company.nip)).toBe(true);
  expect(isValidRegon(company.regon)).toBe(true);
  expect(isValidPostcode(company.postcode)).toBe(true);
});

test.each<[string, string | null]>([
  ['5261040828', 'Główny Urząd Statystyczny'],
  ['526-104-08-28', 'Główny Urząd Statystyczny'], // written with dashes
  ['1132456789', null], // valid NIP, not in the register
  ['5261040827', null], // wrong check digit
])('NIP %s → %s', async (nip, name) => {
  expect((await new FixtureCompanyRegister().findByNip(nip))?.name ?? null).toBe(name);
});
