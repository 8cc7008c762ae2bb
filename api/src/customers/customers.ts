import { createHash, randomBytes } from 'node:crypto';
import type { CreatedCustomer, Customer, CustomerUpdate } from '@kaloryfer/api-contract';
import { CUSTOMER_GROUPS, emailProblem, passwordProblem } from '@kaloryfer/domain';
import type { Kysely } from 'kysely';
import { PasswordHasher } from '../auth/passwords';
import { RateLimiter, type LimitName } from '../auth/rate-limit';
import { Sessions, UNAUTHORISED, type AccessClaims, type SessionTokens } from '../auth/sessions';
import type { TokenSigner } from '../auth/signed-token';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Outbox } from '../mail/outbox';
import { customerView, profilePatch, type ProfilePatch } from './profile';
import { passwordResetMail, resetLink } from './reset-mail';

export { UNAUTHORISED } from '../auth/sessions';
export const EMAIL_TAKEN = 'A customer with the same email address already exists';
export const BAD_LOGIN = 'You did not sign in correctly or your account is temporarily disabled.';
export const WRONG_CURRENT_PASSWORD = "The password doesn't match this account. Verify the password and try again.";
export const RESET_MAIL_FAILED = 'Error while sending reset password e-mail';
export const RESET_INVALID = 'The password reset link is not valid. Ask for a new one.';
export const RESET_USED = 'The password reset link has already been used. Ask for a new one.';
export const RESET_EXPIRED = 'The password reset link has expired. Ask for a new one.';
export const NO_SUCH_ADDRESS = 'No such address';
/** Defaults of ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL (config.ts). */
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A reset link works this long, once. */
export const RESET_TTL_SECONDS = 60 * 60;

export interface CustomerOptions {
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  hasher?: PasswordHasher;
  limiter?: RateLimiter;
  /** Where the reset e-mail goes; without one, reset-password answers the mail error. */
  outbox?: Outbox;
  /** The shop's origin for the reset link (PUBLIC_URL). */
  publicOrigin?: string;
}

/** Who asked: the client address the limits count by. */
export interface Caller {
  ip: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const isUniqueViolation = (error: unknown) => /unique|duplicate key/i.test(String((error as Error)?.message ?? error));
const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Customer accounts (docs/account.md): registration, login with rotating refresh tokens, the
 * profile with its address book, password change and reset. Passwords are scrypt hashes
 * (`PasswordHasher`); sessions are refresh-token families (`Sessions`); login, reset and
 * refresh are rate limited per IP and per account (`RateLimiter`).
 */
export class Customers {
  readonly sessions: Sessions;
  readonly hasher: PasswordHasher;
  readonly limiter: RateLimiter;
  private readonly outbox: Outbox | undefined;
  private readonly publicOrigin: string;

  constructor(
    private readonly db: Db,
    signer: TokenSigner,
    private readonly clock: () => Date,
    options: CustomerOptions = {},
  ) {
    this.sessions = new Sessions(db, signer, clock, {
      accessSeconds: options.accessTtlSeconds ?? ACCESS_TTL_SECONDS,
      refreshSeconds: options.refreshTtlSeconds ?? REFRESH_TTL_SECONDS,
    });
    this.hasher = options.hasher ?? new PasswordHasher();
    this.limiter = options.limiter ?? new RateLimiter(db, clock);
    this.outbox = options.outbox;
    this.publicOrigin = options.publicOrigin ?? 'http://localhost:3000';
  }

  async create(input: { email: string; firstname: string; lastname: string; password: string }): Promise<CreatedCustomer> {
    const email = accountKey(input.email);
    // Hashed before the e-mail is looked up, so a taken address answers no faster than a new one.
    const passwordHash = await this.hasher.hash(input.password);
    const taken = await this.db.kysely.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new ApiError(400, EMAIL_TAKEN);
    const now = this.clock().toISOString();
    const row = {
      email,
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      group_id: CUSTOMER_GROUPS.retail,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    };
    try {
      const { id } = await this.db.kysely.insertInto('customer').values(row).returning('id').executeTakeFirstOrThrow();
      return { id, email, firstname: row.firstname, lastname: row.lastname, group_id: row.group_id };
    } catch {
      throw new ApiError(400, EMAIL_TAKEN); // the same address registered at the same moment
    }
  }

  /**
   * Sign in: a new session family. An unknown e-mail verifies the dummy hash, so it costs the same
   * scrypt as a wrong password and answers the same 401. Failures count per IP+account, per IP and
   * per account; a success clears the IP+account count and upgrades an old hash.
   */
  async login(username: string, password: string, caller: Caller): Promise<SessionTokens & { customer: CreatedCustomer }> {
    const account = accountKey(username);
    const limits: [LimitName, string][] = [
      ['loginPerIpAndAccount', `${caller.ip}|${account}`],
      ['loginPerIp', caller.ip],
      ['loginPerAccount', account],
    ];
    await this.limiter.check(...limits);
    const row = await this.db.kysely.selectFrom('customer').selectAll().where('email', '=', account).executeTakeFirst();
    const matches = await this.hasher.verify(password, row?.password_hash ?? this.hasher.dummyHash());
    if (!row || !matches) {
      await this.limiter.hit(...limits);
      throw new ApiError(401, BAD_LOGIN);
    }
    await this.limiter.clear('loginPerIpAndAccount', `${caller.ip}|${account}`);
    if (this.hasher.needsRehash(row.password_hash)) {
      await this.db.kysely
        .updateTable('customer')
        .set({ password_hash: await this.hasher.hash(password) })
        .where('id', '=', row.id)
        .where('password_hash', '=', row.password_hash)
        .execute();
    }
    return {
      ...(await this.sessions.start(row)),
      customer: { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, group_id: row.group_id },
    };
  }

  /** `POST /api/user/refresh`: the next access and refresh token (rotation; a reused token revokes its family). */
  async refresh(refreshToken: string, caller: Caller): Promise<SessionTokens> {
    await this.limiter.take(['refreshPerIp', caller.ip]);
    const family = await this.sessions.familyOf(refreshToken);
    if (family) await this.limiter.take(['refreshPerAccount', String(family.customerId)]);
    const { token, refreshToken: next } = await this.sessions.rotate(refreshToken);
    return { token, refreshToken: next };
  }

  /** Ends the sign-in a refresh token or an access token belongs to; unknown tokens change nothing. */
  async logout(tokens: { refreshToken?: string; accessToken?: string }): Promise<void> {
    if (tokens.refreshToken) {
      const family = await this.sessions.familyOf(tokens.refreshToken);
      if (family) await this.sessions.revokeFamily(family.familyId);
    }
    if (tokens.accessToken) {
      let claims: AccessClaims | null = null;
      try {
        claims = this.sessions.readAccess(tokens.accessToken);
      } catch {
        claims = null; // an expired access token ends nothing; its refresh token may still be sent
      }
      if (claims?.familyId) await this.sessions.revokeFamily(claims.familyId);
    }
  }

  /**
   * The customer an access token names (cart and order calls): null without a token; 401 for a
   * bad or expired one, or one whose sign-in was ended (logout, a password change, reuse of a
   * refresh token) — on any instance within LIVE_FAMILY_TRUST_MS.
   */
  async customerOf(token: string | undefined): Promise<{ id: number; groupId: number } | null> {
    if (!token) return null;
    const claims = await this.authenticate(token);
    return { id: claims.customerId, groupId: claims.groupId };
  }

  /**
   * The customer behind a customer's cart when the caller has no token but names the cart's
   * owner — VSF 1.12 posts a customer's order so (`user_id` + `cart_id`, no token), as
   * vue-storefront-api accepts it. The cart id is the secret (144 random bits, only ever given
   * to the token's holder, redacted from logs); `user_id` must agree with it. Null otherwise.
   */
  async ownerOfCart(cartOwnerId: number | null, userId: string | number | null | undefined): Promise<{ id: number; groupId: number } | null> {
    if (cartOwnerId === null || userId === null || userId === undefined || String(userId).trim() !== String(cartOwnerId)) return null;
    const row = await this.db.kysely.selectFrom('customer').select(['id', 'group_id']).where('id', '=', cartOwnerId).executeTakeFirst();
    return row ? { id: row.id, groupId: row.group_id } : null;
  }

  /**
   * The account calls' check: a valid access token whose session is still live (not logged out,
   * not revoked by reuse detection or a password change) and whose customer exists. Else 401.
   */
  async authenticate(token: string | undefined): Promise<AccessClaims> {
    const claims = this.sessions.readAccess(token);
    if (!claims || !claims.familyId || !(await this.sessions.isLive(claims.familyId))) throw new ApiError(401, UNAUTHORISED);
    return claims;
  }

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

  /**
   * `POST /api/user/change-password`: the current password proves it is the customer; wrong ones
   * count like failed logins. Every other session of the customer ends; the caller's stays.
   */
  async changePassword(claims: AccessClaims, currentPassword: string, newPassword: string, caller: Caller): Promise<true> {
    const problem = passwordProblem(newPassword);
    if (problem) throw new ApiError(400, problem);
    const row = await this.db.kysely.selectFrom('customer').select(['id', 'email', 'password_hash']).where('id', '=', claims.customerId).executeTakeFirst();
    if (!row) throw new ApiError(401, UNAUTHORISED);
    const limits: [LimitName, string][] = [
      ['loginPerIpAndAccount', `${caller.ip}|${row.email}`],
      ['loginPerAccount', row.email],
    ];
    await this.limiter.check(...limits);
    if (!(await this.hasher.verify(currentPassword, row.password_hash))) {
      await this.limiter.hit(...limits);
      throw new ApiError(400, WRONG_CURRENT_PASSWORD);
    }
    await this.db.kysely
      .updateTable('customer')
      .set({ password_hash: await this.hasher.hash(newPassword), updated_at: this.clock().toISOString() })
      .where('id', '=', row.id)
      .execute();
    await this.sessions.revokeCustomer(row.id, claims.familyId);
    return true;
  }

  /**
   * `POST /api/user/reset-password`: for a known e-mail a single-use link (1 h) goes out by
   * e-mail; an unknown e-mail gets the same answer and no mail (no account enumeration). Counted
   * per IP and per e-mail, known or not. A mail that cannot be sent → 500 with the spec's message.
   */
  async requestPasswordReset(email: string, caller: Caller): Promise<true> {
    const problem = emailProblem(email);
    if (problem) throw new ApiError(400, problem);
    const account = accountKey(email);
    await this.limiter.take(['resetPerIp', caller.ip], ['resetPerAccount', account]);
    const token = randomBytes(32).toString('base64url');
    const customer = await this.db.kysely.selectFrom('customer').select(['id', 'email', 'firstname']).where('email', '=', account).executeTakeFirst();
    if (!customer) return true;
    const now = this.clock();
    // Only the newest link works: earlier unused ones are spent.
    await this.db.kysely
      .updateTable('password_reset')
      .set({ used_at: now.toISOString() })
      .where('customer_id', '=', customer.id)
      .where('used_at', 'is', null)
      .execute();
    const { id } = await this.db.kysely
      .insertInto('password_reset')
      .values({
        token_hash: sha256(token),
        customer_id: customer.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TTL_SECONDS * 1000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      if (!this.outbox) throw new Error('no outbox');
      await this.outbox.send(passwordResetMail(customer, resetLink(this.publicOrigin, customer.email, token), RESET_TTL_SECONDS / 60));
    } catch (error) {
      await this.db.kysely.deleteFrom('password_reset').where('id', '=', id).execute();
      throw Object.assign(new ApiError(500, RESET_MAIL_FAILED), { cause: error });
    }
    return true;
  }

  /**
   * `POST /api/user/create-password`: the link's token, once, within the hour, for the e-mail it
   * was sent to. Every session of the customer ends (whoever knew the old password is out).
   */
  async createPassword(input: { email: string; newPassword: string; resetToken: string }, caller: Caller): Promise<true> {
    await this.limiter.check(['createPasswordPerIp', caller.ip]);
    const problem = passwordProblem(input.newPassword);
    if (problem) throw new ApiError(400, problem);
    const refuse = async (message: string): Promise<never> => {
      await this.limiter.hit(['createPasswordPerIp', caller.ip]);
      throw new ApiError(400, message);
    };
    const row = await this.db.kysely
      .selectFrom('password_reset')
      .innerJoin('customer', 'customer.id', 'password_reset.customer_id')
      .select([
        'password_reset.id as id',
        'password_reset.expires_at as expires_at',
        'password_reset.used_at as used_at',
        'customer.id as customer_id',
        'customer.email as email',
      ])
      .where('password_reset.token_hash', '=', sha256(input.resetToken))
      .executeTakeFirst();
    if (!row || row.email !== accountKey(input.email)) return refuse(RESET_INVALID);
    if (row.used_at) return refuse(RESET_USED);
    const now = this.clock().toISOString();
    if (row.expires_at <= now) return refuse(RESET_EXPIRED);
    const passwordHash = await this.hasher.hash(input.newPassword);
    const spent = await this.db.kysely
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return refuse(RESET_USED);
    await this.db.kysely.updateTable('customer').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', row.customer_id).execute();
    await this.db.kysely.updateTable('password_reset').set({ used_at: now }).where('customer_id', '=', row.customer_id).where('used_at', 'is', null).execute();
    await this.sessions.revokeCustomer(row.customer_id);
    return true;
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
