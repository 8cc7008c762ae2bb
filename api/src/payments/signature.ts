import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The notification signature: HMAC-SHA256 of the raw body with the shop's second key, sent as
 * PayU sends its own — `OpenPayu-Signature: sender=…;signature=<hex>;algorithm=SHA-256`.
 * Verified over the exact bytes received (re-serialised JSON would not match).
 */
export const SIGNATURE_HEADER = 'openpayu-signature';

export function sign(body: string, key: Buffer): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('hex');
}

export function signatureHeader(body: string, key: Buffer, sender: string): string {
  return `sender=${sender};signature=${sign(body, key)};algorithm=SHA-256`;
}

export function verifySignatureHeader(header: string | undefined, body: string, key: Buffer): boolean {
  if (!header) return false;
  const fields = new Map(
    header.split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
    }),
  );
  const given = fields.get('signature') ?? '';
  if (fields.get('algorithm')?.toUpperCase() !== 'SHA-256' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(sign(body, key), 'hex'));
}
