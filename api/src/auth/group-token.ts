import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The group token (spec §6, vue-storefront-api `groupToken`): after login the client keeps a
 * token naming the customer's group and sends it with catalogue searches, so the server — not
 * the client — decides which group's tier prices it sees. `{payload}.{signature}`, both
 * base64url: the payload is `{"g": groupId}`, the signature HMAC-SHA256 of the payload with
 * the shop's token secret. A token that was tampered with or signed with another secret is
 * refused.
 */
export class GroupTokens {
  constructor(private readonly secret: Buffer) {}

  sign(groupId: number): string {
    const payload = Buffer.from(JSON.stringify({ g: groupId })).toString('base64url');
    return `${payload}.${this.signature(payload)}`;
  }

  /** The group a token stands for, or null when it is not one this shop signed. */
  read(token: string): number | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.signature(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const { g } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { g?: unknown };
      return Number.isInteger(g) && (g as number) >= 0 ? (g as number) : null;
    } catch {
      return null;
    }
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}

/**
 * The secret tokens are signed with: TOKEN_SECRET when set (several API processes must share
 * it), else one generated on first start and kept in VAR_DIR so tokens survive a restart.
 */
export function loadTokenSecret(configured: string | undefined, varDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(varDir, 'token-secret');
  try {
    return fs.readFileSync(file);
  } catch {
    const secret = randomBytes(32);
    fs.mkdirSync(varDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
