import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TokenSigner } from './signed-token';

/**
 * The group token (spec §6, vue-storefront-api `groupToken`): after login the client keeps a
 * token naming the customer's group and sends it with catalogue searches, so the server — not
 * the client — decides which group's tier prices it sees. The payload is `{"g": groupId}`, signed by
 * `TokenSigner`; a token that was tampered with or signed with another secret is refused.
 */
export class GroupTokens {
  private readonly signer: TokenSigner;

  constructor(secret: Buffer) {
    this.signer = new TokenSigner(secret);
  }

  sign(groupId: number): string {
    return this.signer.sign({ g: groupId });
  }

  /** The group a token stands for, or null when it is not one this shop signed. */
  read(token: string): number | null {
    const g = this.signer.read(token)?.g;
    return Number.isInteger(g) && (g as number) >= 0 ? (g as number) : null;
  }
}

/**
 * A secret: the configured one when set (several API processes must share it — TOKEN_SECRET,
 * PAYMENT_KEY), else one generated on first start and kept in VAR_DIR so it survives a restart.
 */
export function loadTokenSecret(configured: string | undefined, varDir: string, fileName = 'token-secret'): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(varDir, fileName);
  try {
    return fs.readFileSync(file);
  } catch {
    const secret = randomBytes(32);
    fs.mkdirSync(varDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
