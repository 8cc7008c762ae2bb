import type { Generated } from 'kysely';

/** Tables as the data-access layer sees them; migrations/ creates them. */
export interface StoreTable {
  id: number;
  code: string;
  name: string;
  locale: string;
  currency: string;
  default_country: string;
  created_at: Generated<string>;
}

export interface Database {
  store: StoreTable;
}
