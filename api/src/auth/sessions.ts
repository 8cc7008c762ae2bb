import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CUSTOMER_GROUPS } from '@kaloryfer/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { TokenSigner } from './signed-token';

export const UNAUTHORISED = 'Unexpected authorization error';
/** The refresh call's 401 (spec §8): the storefront then logs out silently. */
// The API's answer to a refresh it refuses (the storefront's own notification is @kaloryfer/domain's REFRESH_REFUSED).
const REFRESH_NOT_ACCEPTED = 'Error refreshing user token';

export interface SessionTokens {
  /** The access token: signed, short-lived, names customer, group and session family. */
  token: string;
  /** `selector.verifier`: opaque, stored as SHA-256 of the verifier only, rotated on every use. */
  refreshToken: string;
}

export interface AccessClaims {
  customerId: number;
  groupId: number;
  /** The sign-in (refresh token family) this token was issued for; null for tokens from before families. */
  familyId: string | null;
}

export interface SessionTtl {
  accessSeconds: number;
  refreshSeconds: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * How long an instance trusts that a sign-in (a refresh-token family) is still live before it
 * asks the database again: a logout or revocation on any instance stops its access tokens on
 * every instance within this (docs/security.md, "Sessions"). A revoked family never lives again,
 * so that answer is kept.
 */
export const LIVE_FAMILY_TRUST_MS = 5_000;
/** Families remembered per instance (live and revoked each); the oldest are forgotten first. */
const REMEMBERED_FAMILIES = 20_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_FAMILIES) map.delete(map.keys().next().value!);
}
const SELECTOR = /^[A-Za-z0-9_-]{22}$/;
const VERIFIER = /^[A-Za-z0-9_-]{43}$/;

/**
 * Sign-in sessions (docs/account.md, RFC 9700 §4.14 refresh token rotation). A login starts a
 * *family*; every refresh marks the presented token used and issues the next one of the family.
 * A token that was already rotated out and comes back means two parties hold the family: the
 * whole family is revoked and the call answers 401 — the thief and the customer both sign in
 * again. Logout and password changes revoke families too. Every call with an access token —
 * cart, order, wishlist, account — also asks whether its family is still live (`isLive`): the
 * answer is trusted for LIVE_FAMILY_TRUST_MS, so a revocation made on any instance stops the
 * token everywhere within that, and on the instance that made it at once.
 */
export class Sessions {
  /** Family → until when (epoch ms, the wall clock) it is known live. */
  private readonly knownLive = new Map<string, number>();
  private readonly knownRevoked = new Map<string, true>();

  constructor(
    private readonly db: Db,
    private readonly signer: TokenSigner,
    private readonly clock: () => Date,
    private readonly ttl: SessionTtl,
  ) {}

  /** A new family for this customer: an access token and the family's first refresh token. */
  async start(customer: { id: number; group_id: number }): Promise<SessionTokens> {
    const familyId = randomBytes(16).toString('base64url');
    return { token: this.accessToken(customer.id, customer.group_id, familyId), refreshToken: await this.issue(customer.id, familyId) };
  }

  /**
   * The next tokens for a refresh token that is current. Unknown, expired or revoked → 401; one
   * already rotated out (or raced by a twin request) → its family is revoked, then 401.
   */
  async rotate(refreshToken: string): Promise<SessionTokens & { customerId: number }> {
    const row = await this.find(refreshToken);
    if (!row) throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    const now = this.clock().toISOString();
    if (row.revoked_at) throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    if (row.used_at) {
      await this.revokeFamily(row.family_id);
      throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    }
    if (row.expires_at <= now) throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    const customer = await this.db.kysely.selectFrom('customer').select(['id', 'group_id']).where('id', '=', row.customer_id).executeTakeFirst();
    if (!customer) throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    // Only one request may move a token on: the conditional update is the lock. The next token is
    // written in the same transaction, so a revocation that runs after it also reaches the new token.
    const next = await this.db.kysely.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('refresh_token')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1 ? this.issue(customer.id, row.family_id, trx) : null;
    });
    if (next === null) {
      await this.revokeFamily(row.family_id);
      throw new ApiError(401, REFRESH_NOT_ACCEPTED);
    }
    return { customerId: customer.id, token: this.accessToken(customer.id, customer.group_id, row.family_id), refreshToken: next };
  }

  /** The family a refresh token belongs to when it verifies (whatever its state), else null. */
  async familyOf(refreshToken: string): Promise<{ familyId: string; customerId: number } | null> {
    const row = await this.find(refreshToken);
    return row ? { familyId: row.family_id, customerId: row.customer_id } : null;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.kysely
      .updateTable('refresh_token')
      .set({ revoked_at: this.clock().toISOString() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    this.forgetLive(familyId);
  }

  /** Ends every sign-in of a customer (a password reset), or every one but the caller's (a password change). */
  async revokeCustomer(customerId: number, keepFamily: string | null = null): Promise<void> {
    let query = this.db.kysely
      .updateTable('refresh_token')
      .set({ revoked_at: this.clock().toISOString() })
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null);
    if (keepFamily) query = query.where('family_id', '!=', keepFamily);
    const revoked = await query.returning('family_id').execute();
    for (const { family_id } of revoked) this.forgetLive(family_id);
  }

  /** This instance revoked the family: its tokens stop here at once. */
  private forgetLive(familyId: string): void {
    this.knownLive.delete(familyId);
    remember(this.knownRevoked, familyId, true);
  }

  /**
   * Whether a family still has a token that is not revoked (logout, reuse and password changes
   * end it): from memory while the last answer is under LIVE_FAMILY_TRUST_MS old, else one
   * indexed read.
   */
  async isLive(familyId: string): Promise<boolean> {
    if (this.knownRevoked.has(familyId)) return false;
    if ((this.knownLive.get(familyId) ?? 0) > Date.now()) return true;
    const row = await this.db.kysely
      .selectFrom('refresh_token')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) {
      this.forgetLive(familyId);
      return false;
    }
    remember(this.knownLive, familyId, Date.now() + LIVE_FAMILY_TRUST_MS);
    return true;
  }

  /** Reads an access token: null without one; 401 for a bad, foreign, expired or non-access token. */
  readAccess(token: string | undefined): AccessClaims | null {
    if (!token) return null;
    const payload = this.signer.read(token);
    const seconds = Math.floor(this.clock().getTime() / 1000);
    if (!payload || payload.k !== 'access' || !Number.isInteger(payload.c) || typeof payload.exp !== 'number' || payload.exp < seconds) {
      throw new ApiError(401, UNAUTHORISED);
    }
    return {
      customerId: payload.c as number,
      groupId: Number.isInteger(payload.g) ? (payload.g as number) : CUSTOMER_GROUPS.retail,
      familyId: typeof payload.f === 'string' ? payload.f : null,
    };
  }

  private accessToken(customerId: number, groupId: number, familyId: string): string {
    const seconds = Math.floor(this.clock().getTime() / 1000);
    return this.signer.sign({ k: 'access', c: customerId, g: groupId, f: familyId, exp: seconds + this.ttl.accessSeconds });
  }

  private async issue(customerId: number, familyId: string, executor: Kysely<Database> = this.db.kysely): Promise<string> {
    const selector = randomBytes(16).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const now = this.clock();
    await executor
      .insertInto('refresh_token')
      .values({
        selector,
        verifier_hash: sha256(verifier),
        family_id: familyId,
        customer_id: customerId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttl.refreshSeconds * 1000).toISOString(),
      })
      .execute();
    return `${selector}.${verifier}`;
  }

  private async find(refreshToken: string) {
    const [selector, verifier, extra] = refreshToken.split('.');
    if (extra !== undefined || !selector || !verifier || !SELECTOR.test(selector) || !VERIFIER.test(verifier)) return null;
    const row = await this.db.kysely.selectFrom('refresh_token').selectAll().where('selector', '=', selector).executeTakeFirst();
    if (!row) return null;
    const expected = Buffer.from(row.verifier_hash, 'hex');
    return timingSafeEqual(expected, Buffer.from(sha256(verifier), 'hex')) ? row : null;
  }
}
