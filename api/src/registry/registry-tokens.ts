import { randomBytes, timingSafeEqual } from 'node:crypto';
import { REMOTE_NAME, type RegistryTeam, type RegistryToken } from '@kaloryfer/api-contract';
import type { Db } from '../db/database';
import type { RegistryTokenTable } from '../db/schema';
import { sha256Hex } from './build-files';

/** A refused registry call: 401 (who are you?) or 403 (not yours), with the reason. */
export class RegistryAuthError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export interface RegistryCaller {
  tokenId: string;
  team: RegistryTeam;
}

/** `kfr_<id>_<secret>`: the id finds the row, the secret's SHA-256 is what the row keeps. */
const TOKEN = /^kfr_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

const tokenOf = (row: RegistryTokenTable): RegistryToken => ({
  id: row.id,
  team: row.team,
  label: row.label,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
});

const REMOTE_TEAM = new RegExp(REMOTE_NAME);

/** `operator`, or a remote's team by the remote's name (whether the shop has that remote is the registry's to say). */
export function isTeam(value: string): value is RegistryTeam {
  return value === 'operator' || REMOTE_TEAM.test(value);
}

/**
 * The registry's tokens (docs/releasing.md, "Tokens"): one or more per team — each remote's team,
 * and `operator` for people who run the shop. A team's token changes only its own remote; an
 * operator's changes anything and manages tokens. A token is 256 random bits, shown once when
 * made; the database keeps the SHA-256 of its secret (a leaked table gives no usable token),
 * compared in constant time. Revoking is immediate: every call reads the row.
 */
export class RegistryTokens {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(team: string, label = `${team} token`): Promise<RegistryToken & { token: string }> {
    if (!isTeam(team)) throw new Error(`"${team}" is no team: operator, or a remote's name`);
    const id = randomBytes(6).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const row: RegistryTokenTable = {
      id,
      team,
      secret_hash: sha256Hex(secret),
      label,
      created_at: this.now().toISOString(),
      revoked_at: null,
      last_used_at: null,
    };
    await this.db.kysely.insertInto('registry_token').values(row).execute();
    return { ...tokenOf(row), token: `kfr_${id}_${secret}` };
  }

  async list(): Promise<RegistryToken[]> {
    const rows = await this.db.kysely.selectFrom('registry_token').selectAll().orderBy('created_at').execute();
    return rows.map(tokenOf);
  }

  /**
   * Revokes one token by id, or every live token of a team by its name (a token's id first: a
   * remote may be named like one). Answers what was revoked.
   */
  async revoke(idOrTeam: string): Promise<RegistryToken[]> {
    const at = this.now().toISOString();
    const anId = await this.db.kysely.selectFrom('registry_token').select('id').where('id', '=', idOrTeam).executeTakeFirst();
    const byTeam = !anId && isTeam(idOrTeam);
    const query = this.db.kysely.updateTable('registry_token').set({ revoked_at: at }).where('revoked_at', 'is', null);
    await (byTeam ? query.where('team', '=', idOrTeam) : query.where('id', '=', idOrTeam)).execute();
    const rows = await this.db.kysely
      .selectFrom('registry_token')
      .selectAll()
      .where(byTeam ? 'team' : 'id', '=', idOrTeam)
      .where('revoked_at', '=', at)
      .execute();
    return rows.map(tokenOf);
  }

  /** Who is calling: the token from `Authorization: Bearer …`, or a 401 saying why not. */
  async caller(authorization: string | undefined): Promise<RegistryCaller> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!bearer) throw new RegistryAuthError(401, 'registry calls need a token: send Authorization: Bearer <token> (npm run registry -- token create <team>)');
    const match = TOKEN.exec(bearer);
    if (!match) throw new RegistryAuthError(401, 'this is not a registry token (they look like kfr_<id>_<secret>)');
    const row = await this.db.kysely.selectFrom('registry_token').selectAll().where('id', '=', match[1]).executeTakeFirst();
    const given = Buffer.from(sha256Hex(match[2]));
    if (!row || !timingSafeEqual(given, Buffer.from(row.secret_hash))) throw new RegistryAuthError(401, 'unknown token');
    if (row.revoked_at) throw new RegistryAuthError(401, `this token was revoked at ${row.revoked_at}`);
    if (!isTeam(row.team)) throw new RegistryAuthError(401, `the token's team "${row.team}" is not a team of this shop`);
    await this.db.kysely.updateTable('registry_token').set({ last_used_at: this.now().toISOString() }).where('id', '=', row.id).execute();
    return { tokenId: row.id, team: row.team };
  }
}

/** A team's token may change its own remote only; an operator's may change any. */
export function assertMayChange(caller: RegistryCaller, remote: string): void {
  if (caller.team === 'operator' || caller.team === remote) return;
  throw new RegistryAuthError(403, `the ${caller.team} team's token cannot change ${remote}: a team releases, rolls back and weights its own remote only`);
}

export function assertOperator(caller: RegistryCaller): void {
  if (caller.team !== 'operator') throw new RegistryAuthError(403, `only an operator's token manages tokens (this is the ${caller.team} team's)`);
}
