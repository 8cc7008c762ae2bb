/** A customer's password changed: with the current one, or by a single-use reset link sent by e-mail. */
import { createHash, randomBytes } from 'node:crypto';
import { emailProblem, passwordProblem } from '@kaloryfer/domain';
import type { PasswordHasher } from '../auth/passwords';
import type { LimitName, RateLimiter } from '../auth/rate-limit';
import { UNAUTHORISED, type AccessClaims, type Sessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';
import type { Outbox } from '../mail';
import { accountKey, type Caller } from './account-key';
import { passwordResetMail, resetLink } from './reset-mail';

export const WRONG_CURRENT_PASSWORD = "The password doesn't match this account. Verify the password and try again.";
export const RESET_MAIL_FAILED = 'Error while sending reset password e-mail';
export const RESET_INVALID = 'The password reset link is not valid. Ask for a new one.';
export const RESET_USED = 'The password reset link has already been used. Ask for a new one.';
export const RESET_EXPIRED = 'The password reset link has expired. Ask for a new one.';
/** A reset link works this long, once. */
export const RESET_TTL_SECONDS = 60 * 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class PasswordChanges {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly sessions: Sessions,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    /** Where the reset e-mail goes; without one, reset-password answers the mail error. */
    private readonly outbox: Outbox | undefined,
    /** The shop's origin for the reset link (PUBLIC_URL). */
    private readonly publicOrigin: string,
  ) {}

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
}
