import type { CreatedCustomer, Customer, CustomerUpdate } from '@kaloryfer/api-contract';
import { CUSTOMER_GROUPS } from '@kaloryfer/domain';
import { PasswordHasher } from '../auth/passwords';
import { RateLimiter, type LimitName } from '../auth/rate-limit';
import { Sessions, UNAUTHORISED, type AccessClaims, type SessionTokens } from '../auth/sessions';
import type { TokenSigner } from '../auth/signed-token';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';
import type { Outbox } from '../mail';
import { accountKey, type Caller } from './account-key';
import { PasswordChanges } from './password-changes';
import { EMAIL_TAKEN, ProfileStore } from './profile-store';

export { UNAUTHORISED } from '../auth/sessions';
export const BAD_LOGIN = 'You did not sign in correctly or your account is temporarily disabled.';
/** Defaults of ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL (config.ts). */
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

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
  private readonly profiles: ProfileStore;
  private readonly passwords: PasswordChanges;

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
    this.profiles = new ProfileStore(db, clock);
    this.passwords = new PasswordChanges(db, clock, this.sessions, this.hasher, this.limiter, options.outbox, options.publicOrigin ?? 'http://localhost:3000');
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

  profile(customerId: number): Promise<Customer> {
    return this.profiles.profile(customerId);
  }

  /** `POST /api/user/me`: the allow-listed fields only (see `profilePatch`); answers the updated profile. */
  updateProfile(customerId: number, body: CustomerUpdate): Promise<Customer> {
    return this.profiles.updateProfile(customerId, body);
  }

  /** `POST /api/user/change-password`: every other session of the customer ends; the caller's stays (password-changes.ts). */
  changePassword(claims: AccessClaims, currentPassword: string, newPassword: string, caller: Caller): Promise<true> {
    return this.passwords.changePassword(claims, currentPassword, newPassword, caller);
  }

  /** `POST /api/user/reset-password`: a single-use link by e-mail for a known address, the same answer for an unknown one (password-changes.ts). */
  requestPasswordReset(email: string, caller: Caller): Promise<true> {
    return this.passwords.requestPasswordReset(email, caller);
  }

  /** `POST /api/user/create-password`: the reset link's token sets a new password and ends every session (password-changes.ts). */
  createPassword(input: { email: string; newPassword: string; resetToken: string }, caller: Caller): Promise<true> {
    return this.passwords.createPassword(input, caller);
  }
}
