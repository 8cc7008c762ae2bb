/** A customer's profile with its address book: read, and a patch (names, e-mail, newsletter, addresses, defaults) applied in one transaction. */
import type { Customer, CustomerUpdate } from '@kaloryfer/api-contract';
import type { Kysely } from 'kysely';
import { UNAUTHORISED } from '../auth/sessions';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import { customerView, profilePatch, type ProfilePatch } from './profile';

/** Registration's answer, and a profile update's, when the e-mail is another account's. */
export const EMAIL_TAKEN = 'A customer with the same email address already exists';
export const NO_SUCH_ADDRESS = 'No such address';

const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));

export class ProfileStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  async profile(customerId: number): Promise<Customer> {
    return this.profileWith(this.db.kysely, customerId);
  }

  /** `POST /api/user/me`: the allow-listed fields only (see `profilePatch`); answers the updated profile. */
  async updateProfile(customerId: number, body: CustomerUpdate): Promise<Customer> {
    const patch = profilePatch(body);
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        await this.apply(trx, customerId, patch);
        return this.profileWith(trx, customerId);
      });
    } catch (error) {
      if (!(error instanceof ApiError) && isUniqueViolation(error)) throw new ApiError(400, EMAIL_TAKEN);
      throw error;
    }
  }

  private async profileWith(executor: Kysely<Database>, customerId: number): Promise<Customer> {
    const row = await executor.selectFrom('customer').selectAll().where('id', '=', customerId).executeTakeFirst();
    if (!row) throw new ApiError(401, UNAUTHORISED);
    const addresses = await executor.selectFrom('customer_address').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
    return customerView(row, addresses);
  }

  private async apply(trx: Kysely<Database>, customerId: number, patch: ProfilePatch): Promise<void> {
    const now = this.clock().toISOString();
    const current = await trx.selectFrom('customer').selectAll().where('id', '=', customerId).executeTakeFirst();
    if (!current) throw new ApiError(401, UNAUTHORISED);
    if (patch.email !== undefined && patch.email !== current.email) {
      const taken = await trx.selectFrom('customer').select('id').where('email', '=', patch.email).where('id', '!=', customerId).executeTakeFirst();
      if (taken) throw new ApiError(400, EMAIL_TAKEN);
    }
    let defaultShipping = current.default_shipping;
    let defaultBilling = current.default_billing;
    const owned = new Set((await trx.selectFrom('customer_address').select('id').where('customer_id', '=', customerId).execute()).map((row) => row.id));
    if (patch.addresses) {
      // Another customer's address id is answered like one that does not exist.
      const foreign = patch.addresses.find((address) => address.id !== null && !owned.has(address.id));
      if (foreign) throw new ApiError(404, NO_SUCH_ADDRESS);
      const kept = new Set<number>();
      for (const entry of patch.addresses) {
        const columns = {
          firstname: entry.address.firstname,
          lastname: entry.address.lastname,
          street: JSON.stringify(entry.address.street),
          city: entry.address.city,
          postcode: entry.address.postcode,
          country_id: entry.address.country_id,
          telephone: entry.address.telephone ?? null,
          company: entry.address.company ?? null,
          vat_id: entry.address.vat_id ?? null,
        };
        let id: number;
        if (entry.id !== null) {
          id = entry.id;
          await trx.updateTable('customer_address').set(columns).where('id', '=', id).where('customer_id', '=', customerId).execute();
        } else {
          id = (
            await trx
              .insertInto('customer_address')
              .values({ ...columns, customer_id: customerId, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        kept.add(id);
        if (entry.defaultShipping) defaultShipping = id;
        if (entry.defaultBilling) defaultBilling = id;
      }
      const removed = [...owned].filter((id) => !kept.has(id));
      if (removed.length > 0) await trx.deleteFrom('customer_address').where('customer_id', '=', customerId).where('id', 'in', removed).execute();
      owned.clear();
      for (const id of kept) owned.add(id);
      // A top-level default names an address of the resulting book, or it is not read (a stale id after a removal, say).
      const flagged = (key: 'defaultShipping' | 'defaultBilling') => patch.addresses!.some((address) => address[key]);
      if (!flagged('defaultShipping')) defaultShipping = pick(patch.defaultShipping, owned, defaultShipping);
      if (!flagged('defaultBilling')) defaultBilling = pick(patch.defaultBilling, owned, defaultBilling);
    } else {
      defaultShipping = pick(patch.defaultShipping, owned, defaultShipping);
      defaultBilling = pick(patch.defaultBilling, owned, defaultBilling);
    }
    if (defaultShipping !== null && !owned.has(defaultShipping)) defaultShipping = null;
    if (defaultBilling !== null && !owned.has(defaultBilling)) defaultBilling = null;
    await trx
      .updateTable('customer')
      .set({
        ...(patch.firstname !== undefined ? { firstname: patch.firstname } : {}),
        ...(patch.lastname !== undefined ? { lastname: patch.lastname } : {}),
        ...(patch.email !== undefined ? { email: patch.email } : {}),
        ...(patch.newsletter !== undefined ? { newsletter_subscribed: patch.newsletter ? 1 : 0 } : {}),
        default_shipping: defaultShipping,
        default_billing: defaultBilling,
        updated_at: now,
      })
      .where('id', '=', customerId)
      .execute();
  }
}

/** A requested default: null clears it, an id of the book sets it, anything else keeps the current one. */
function pick(requested: number | string | null | undefined, owned: Set<number>, current: number | null): number | null {
  if (requested === undefined) return current;
  if (requested === null || requested === '') return null;
  const id = Number(requested);
  return owned.has(id) ? id : current;
}
