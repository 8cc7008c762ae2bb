import { isValidNip } from '@kaloryfer/domain';

import type { Company } from '@kaloryfer/api-contract';

export type { Company };

/**
 * Company data by NIP from the public GUS register (docs/polish-market.md). The real adapter talks to
 * BIR 1.1 (SOAP, `https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc`):
 * `Zaloguj(pKluczUzytkownika)` gives a session id sent as the `sid` HTTP header, then
 * `DaneSzukajPodmioty({Nip})` answers XML with `Regon, Nazwa, Ulica, NrNieruchomosci, NrLokalu,
 * KodPocztowy, Miejscowosc` — the fields of `Company` one to one. It cannot be reached from this
 * machine, so development and tests use `FixtureCompanyRegister` with the same shape.
 */
export interface CompanyRegister {
  /** Null when the register has no company under this (valid) NIP. */
  findByNip(nip: string): Promise<Company | null>;
}

/** Companies the fixture register knows; the first is GUS itself (the NIP docs/polish-market.md gives as valid). */
export const FIXTURE_COMPANIES: readonly Company[] = [
  {
    nip: '5261040828',
    regon: '000331501',
    name: 'Główny Urząd Statystyczny',
    street: 'al. Niepodległości',
    buildingNumber: '208',
    flatNumber: '',
    postcode: '00-925',
    city: 'Warszawa',
  },
  {
    nip: '9512345675',
    regon: '147182932',
    name: 'Instalbud Sp. z o.o.',
    street: 'ul. Grzewcza',
    buildingNumber: '12',
    flatNumber: '4',
    postcode: '02-797',
    city: 'Warszawa',
  },
  {
    nip: '6771234561',
    regon: '361528402',
    name: 'Termo-Serwis Jan Nowak',
    street: 'ul. Kamienna',
    buildingNumber: '7',
    flatNumber: '',
    postcode: '31-403',
    city: 'Kraków',
  },
  {
    nip: '8945566775',
    regon: '021034920',
    name: 'Ciepły Dom S.A.',
    street: 'ul. Legnicka',
    buildingNumber: '55',
    flatNumber: '',
    postcode: '54-203',
    city: 'Wrocław',
  },
  {
    nip: '7342109873',
    regon: '384671225',
    name: 'Hydro-Max Anna Wiśniewska',
    street: 'ul. Zakopiańska',
    buildingNumber: '9',
    flatNumber: '2',
    postcode: '34-400',
    city: 'Nowy Targ',
  },
];

export class FixtureCompanyRegister implements CompanyRegister {
  async findByNip(nip: string): Promise<Company | null> {
    const digits = nip.replace(/[\s-]/g, '');
    if (!isValidNip(digits)) return null;
    return FIXTURE_COMPANIES.find((company) => company.nip === digits) ?? null;
  }
}
