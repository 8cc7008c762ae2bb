import type { Customer, CustomerUpdate, OrderAddress, SavedAddressInput } from '@kaloryfer/api-contract';
import { addressProblem, emailProblem, MAX_ADDRESSES, nameProblem } from '@kaloryfer/domain';
import type { Selectable } from 'kysely';
import type { CustomerAddressTable, CustomerTable } from '../db/schema';
import { ApiError } from '../http/envelope';

/** The customer as `GET /api/user/me` answers it (without the group token the route adds). */
export function customerView(row: Selectable<CustomerTable>, addresses: Selectable<CustomerAddressTable>[]): Customer {
  return {
    id: row.id,
    group_id: row.group_id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    created_at: row.created_at,
    updated_at: row.updated_at ?? row.created_at,
    ...(row.default_shipping !== null ? { default_shipping: String(row.default_shipping) } : {}),
    ...(row.default_billing !== null ? { default_billing: String(row.default_billing) } : {}),
    addresses: addresses.map((address) => ({
      id: address.id,
      customer_id: address.customer_id,
      firstname: address.firstname,
      lastname: address.lastname,
      street: JSON.parse(address.street) as string[],
      city: address.city,
      postcode: address.postcode,
      country_id: address.country_id,
      ...(address.telephone ? { telephone: address.telephone } : {}),
      ...(address.company ? { company: address.company } : {}),
      ...(address.vat_id ? { vat_id: address.vat_id } : {}),
      region: { region_code: null, region: null, region_id: 0 },
      region_id: 0,
      ...(row.default_shipping === address.id ? { default_shipping: true as const } : {}),
      ...(row.default_billing === address.id ? { default_billing: true as const } : {}),
    })),
    extension_attributes: { is_subscribed: row.newsletter_subscribed === 1 },
  };
}

/** A validated address to store; `id` is a saved address of this customer to replace, or absent for a new one. */
export interface AddressPatch {
  id: number | null;
  address: OrderAddress;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

export interface ProfilePatch {
  firstname?: string;
  lastname?: string;
  email?: string;
  newsletter?: boolean;
  /** The whole address book when present (Magento semantics: addresses left out are deleted). */
  addresses?: AddressPatch[];
  defaultShipping?: number | string | null;
  defaultBilling?: number | string | null;
}

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function addressOf(body: SavedAddressInput, where: string): AddressPatch {
  const street = Array.isArray(body.street) ? body.street : typeof body.street === 'string' ? [body.street] : [];
  const address: OrderAddress = {
    firstname: (body.firstname ?? '').trim(),
    lastname: (body.lastname ?? '').trim(),
    street: street.map((line) => String(line).trim()).filter((line) => line !== ''),
    city: (body.city ?? '').trim(),
    postcode: (body.postcode ?? '').trim(),
    country_id: (body.country_id ?? body.countryId ?? 'PL').trim().toUpperCase(),
    telephone: optional(body.telephone),
    company: optional(body.company),
    vat_id: optional(body.vat_id),
  };
  const problem = addressProblem(address, { needsEmail: false });
  if (problem) throw new ApiError(400, `${where}: ${problem}`);
  let id: number | null = null;
  if (body.id !== undefined && body.id !== null && body.id !== '') {
    id = Number(body.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(400, `${where}.id must be an address id`);
  }
  return { id, address, defaultShipping: body.default_shipping === true, defaultBilling: body.default_billing === true };
}

/**
 * The allow-list of `POST /api/user/me`: names, e-mail, addresses, default addresses and the
 * newsletter flag, each validated with the spec's messages. `id`, `group_id`, dates, passwords
 * and every other field are never read — sending them changes nothing.
 */
export function profilePatch(body: CustomerUpdate): ProfilePatch {
  const patch: ProfilePatch = {};
  for (const field of ['firstname', 'lastname'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const problem = nameProblem(String(value));
    if (problem) throw new ApiError(400, `customer.${field}: ${problem}`);
    patch[field] = String(value).trim();
  }
  if (body.email !== undefined) {
    const problem = emailProblem(String(body.email));
    if (problem) throw new ApiError(400, `customer.email: ${problem}`);
    patch.email = String(body.email).trim().toLowerCase();
  }
  if (body.addresses !== undefined) {
    if (!Array.isArray(body.addresses)) throw new ApiError(400, 'customer.addresses must be a list');
    if (body.addresses.length > MAX_ADDRESSES) throw new ApiError(400, `customer.addresses: at most ${MAX_ADDRESSES} addresses`);
    patch.addresses = body.addresses.map((address, index) => addressOf(address ?? {}, `customer.addresses[${index}]`));
    const ids = patch.addresses.map((address) => address.id).filter((id) => id !== null);
    if (new Set(ids).size !== ids.length) throw new ApiError(400, 'customer.addresses: an address id appears twice');
  }
  if (body.default_shipping !== undefined) patch.defaultShipping = body.default_shipping;
  if (body.default_billing !== undefined) patch.defaultBilling = body.default_billing;
  const subscribed = body.extension_attributes?.is_subscribed;
  if (typeof subscribed === 'boolean') patch.newsletter = subscribed;
  return patch;
}
