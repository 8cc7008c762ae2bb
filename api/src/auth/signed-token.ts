import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `{payload}.{signature}`, both base64url: the payload is JSON, the signature HMAC-SHA256 of
 * the payload with the shop's token secret. A token that was tampered with or signed with
 * another secret reads as null. Group tokens and customer tokens are both made this way.
 */
export class TokenSigner {
  constructor(private readonly secret: Buffer) {}

  sign(payload: object): string {
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${this.signature(encoded)}`;
  }

  read(token: string): Record<string, unknown> | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.signature(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
