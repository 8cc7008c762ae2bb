import { Type, type Static } from '@sinclair/typebox';
import { answers, Nullable } from './envelope';

/** A company from the GUS register, as the checkout's and the profile's invoice fields take it. */
export const Company = Type.Object({
  nip: Type.String(),
  regon: Type.String(),
  name: Type.String(),
  street: Type.String(),
  buildingNumber: Type.String(),
  flatNumber: Type.String(),
  postcode: Type.String(),
  city: Type.String(),
});
export type Company = Static<typeof Company>;

/** `GET /api/company?nip=`: the company, or null when the register has none by that NIP. */
export const CompanyByNip = {
  summary: 'Company data by NIP from the GUS register (BIR)',
  tags: ['company'],
  querystring: Type.Object({ nip: Type.String({ minLength: 10, maxLength: 13 }) }),
  response: answers(Nullable(Company)),
};
