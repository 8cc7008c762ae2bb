import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters: N = 2^logN, block size r, parallelism p. */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt with N=2^17 (128 MiB), r=8, p=1. */
export const OWASP_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };
/** What `scrypt$salt$hash` (the first hashes this shop wrote, Node's defaults) was made with. */
export const LEGACY_SCRYPT: ScryptParams = { logN: 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
  legacy: boolean;
}

/**
 * `scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64url): the parameters travel with each hash, so a
 * stronger setting later never breaks a stored one. `scrypt$<salt>$<hash>` is read as the legacy
 * N=2^14. Anything else reads as null (and never verifies).
 */
export function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3 && parts[1] && parts[2]) {
    return { params: LEGACY_SCRYPT, salt: Buffer.from(parts[1], 'base64url'), hash: Buffer.from(parts[2], 'base64url'), legacy: true };
  }
  if (parts.length !== 4 || !parts[2] || !parts[3]) return null;
  const match = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1]);
  if (!match) return null;
  const params = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.logN < 10 || params.logN > 22 || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(parts[2], 'base64url'), hash: Buffer.from(parts[3], 'base64url'), legacy: false };
}

const format = (params: ScryptParams, salt: Buffer, hash: Buffer) =>
  `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;

/**
 * Password hashing with scrypt (node:crypto, run on libuv's thread pool). `verify` is what login
 * runs for every attempt — for an unknown e-mail against `dummyHash()`, a hash with the current
 * parameters that matches nothing, so both answers cost one scrypt with the same parameters
 * (no account enumeration by timing).
 */
export class PasswordHasher {
  private readonly dummy: string;

  constructor(readonly params: ScryptParams = OWASP_SCRYPT) {
    // Random bytes as the "hash": no password derives to them, and making it costs nothing.
    this.dummy = format(params, randomBytes(SALT_LENGTH), randomBytes(KEY_LENGTH));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    return format(this.params, salt, await this.derive(password, salt, this.params, KEY_LENGTH));
  }

  /** True when the password is the one the hash was made from. A hash that cannot be read is false (after the same work). */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parseHash(stored);
    if (!parsed || parsed.hash.length < 16) {
      await this.derive(password, randomBytes(SALT_LENGTH), this.params, KEY_LENGTH);
      return false;
    }
    const given = await this.derive(password, parsed.salt, parsed.params, parsed.hash.length);
    return timingSafeEqual(given, parsed.hash);
  }

  /** A stored hash made with other parameters (or the legacy format) is made again at the next successful login. */
  needsRehash(stored: string): boolean {
    const parsed = parseHash(stored);
    return (
      !parsed ||
      parsed.legacy ||
      parsed.hash.length !== KEY_LENGTH ||
      parsed.params.logN !== this.params.logN ||
      parsed.params.r !== this.params.r ||
      parsed.params.p !== this.params.p
    );
  }

  /** What an unknown e-mail's login verifies against: the current parameters, matching no password. */
  dummyHash(): string {
    return this.dummy;
  }

  /** One scrypt run. `maxmem` is raised to fit: Node's 32 MiB default refuses N=2^17, r=8 (128 × N × r = 128 MiB). */
  derive(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
    const N = 2 ** params.logN;
    const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 2 * 128 * N * params.r * params.p + 1024 * 1024 };
    return new Promise((resolve, reject) => {
      scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  }
}
