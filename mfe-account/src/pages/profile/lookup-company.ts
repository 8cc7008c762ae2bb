import type { Company } from '@kaloryfer/api-contract';
import { apiJson } from '@kaloryfer/ui';

/** A company from the GUS register, as `GET /api/company?nip=` answers (the call checkout makes). */
export type RegisteredCompany = Company;

/** The register's company of a valid NIP, or null when it has none. */
export const lookupCompany = async (nip: string) =>
  (await apiJson<{ result: RegisteredCompany | null }>(`/api/company?${new URLSearchParams({ nip })}`)).result;
