import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { CUSTOMER_GROUPS } from '@kaloryfer/domain';
import type { TokenSigner } from '../auth/signed-token';
import type { Db } from '../db/database';
import { ApiError } from '../http/envelope';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

export const EMAIL_TAKEN = 'A customer with the same email address already exists';
export const BAD_LOGIN = 'You did not sign in correctly or your account is temporarily disabled.';
export const UNAUTHORISED = 'Unexpected authorization error';
/** Access tokens are short; the refresh token (30 days) gets a new one (spec §6 token refresh). */
export const ACCESS_TTL_SECONDS = 60 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface PublicCustomer {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  group_id: number;
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(given, expected);
}

/**
 * Customer accounts in minimal form (the cart issue needs logged-in carts; the account issue
 * brings the rest): create, log in, and read who a token belongs to. Tokens are signed by the
 * shop (`TokenSigner`) with a kind and an expiry; no session table is needed to check them.
 */
export class Customers {
  constructor(private readonly db: Db, private readonly signer: TokenSigner, private readonly clock: () => Date) {}

  async create(input: { email: string; firstname: string; lastname: string; password: string }): Promise<PublicCustomer> {
    const email = input.email.trim().toLowerCase();
    const taken = await this.db.kysely.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new ApiError(400, EMAIL_TAKEN);
    const row = {
      email, firstname: input.firstname.trim(), lastname: input.lastname.trim(), group_id: CUSTOMER_GROUPS.retail,
      password_hash: await hashPassword(input.password), created_at: this.clock().toISOString(),
    };
    try {
      const { id } = await this.db.kysely.insertInto('customer').values(row).returning('id').executeTakeFirstOrThrow();
      return { id, email, firstname: row.firstname, lastname: row.lastname, group_id: row.group_id };
    } catch {
      throw new ApiError(400, EMAIL_TAKEN); // the same address registered at the same moment
    }
  }

  async login(username: string, password: string): Promise<{ token: string; refreshToken: string; customer: PublicCustomer }> {
    const row = await this.db.kysely.selectFrom('customer').selectAll().where('email', '=', username.trim().toLowerCase()).executeTakeFirst();
    if (!row || !(await passwordMatches(password, row.password_hash))) throw new ApiError(401, BAD_LOGIN);
    const seconds = Math.floor(this.clock().getTime() / 1000);
    return {
      token: this.signer.sign({ k: 'access', c: row.id, g: row.group_id, exp: seconds + ACCESS_TTL_SECONDS }),
      refreshToken: this.signer.sign({ k: 'refresh', c: row.id, exp: seconds + REFRESH_TTL_SECONDS }),
      customer: { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, group_id: row.group_id },
    };
  }

  /** The customer an access token names; null without a token; 401 for a bad or expired one. */
  customerOf(token: string | undefined): { id: number; groupId: number } | null {
    if (!token) return null;
    const payload = this.signer.read(token);
    const seconds = Math.floor(this.clock().getTime() / 1000);
    if (!payload || payload.k !== 'access' || !Number.isInteger(payload.c) || typeof payload.exp !== 'number' || payload.exp < seconds) {
      throw new ApiError(401, UNAUTHORISED);
    }
    return { id: payload.c as number, groupId: Number.isInteger(payload.g) ? payload.g as number : CUSTOMER_GROUPS.retail };
  }
}
