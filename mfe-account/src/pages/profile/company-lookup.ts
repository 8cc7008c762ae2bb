import { apiJson } from '@kaloryfer/ui';

/** A company from the GUS register, as `GET /api/company?nip=` answers (the call checkout makes). */
export interface RegisteredCompany {
  nip: string;
  regon: string;
  name: string;
  street: string;
  buildingNumber: string;
  flatNumber: string;
  postcode: string;
  city: string;
}

/** The register's company of a valid NIP, or null when it has none. */
export const lookupCompany = async (nip: string) =>
  (await apiJson<{ result: RegisteredCompany | null }>(`/api/company?${new URLSearchParams({ nip })}`)).result;
