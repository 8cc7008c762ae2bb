import { createHmac } from 'node:crypto';
import { EXPERIMENT_COOKIE, type ExperimentPin, type ExperimentPins } from '@kaloryfer/api-contract';
import { isAssignmentId } from '@kaloryfer/domain';
import { TokenSigner } from '../auth/signed-token';

/**
 * `kf_ab`: which build of each A/B-tested remote the shopper's page pinned, and the shopper's
 * anonymous assignment id (docs/experiments.md). Written by the page server with every page
 * whose pins changed, HttpOnly and signed (HMAC with a key derived from the shop's token
 * secret), so the API can record an order's variant and version from it without trusting
 * anything the browser says. `kf_mfe` stays the browser-readable assignment; this is its proof.
 */
const MAX_AGE_S = 180 * 86400;

const REMOTE = /^[a-z][a-z0-9]{0,15}$/;
const VARIANT = /^[\w-]{1,40}$/;
const BUILD = /^[\w.-]{1,128}$/;
const VERSION = /^[\w.+-]{1,64}$/;

export class ExperimentCookie {
  private readonly signer: TokenSigner;

  constructor(secret: Buffer) {
    // A key of its own: a pins cookie can never pass for a customer's or a group's token.
    this.signer = new TokenSigner(createHmac('sha256', secret).update('kf_ab experiment pins').digest());
  }

  sign(pins: ExperimentPins): string {
    return this.signer.sign({
      i: pins.id,
      b: Object.fromEntries(Object.entries(pins.builds).map(([remote, pin]) => [remote, [pin.variant, pin.build, pin.version]])),
    });
  }

  /** The pins a cookie value proves, or null: unsigned, forged, or not of this shape. */
  read(value: string | undefined | null): ExperimentPins | null {
    if (!value || value.length > 2048) return null;
    const payload = this.signer.read(value);
    if (!payload || (payload.i !== null && !isAssignmentId(payload.i)) || typeof payload.b !== 'object' || payload.b === null) return null;
    const builds: Record<string, ExperimentPin> = {};
    for (const [remote, pin] of Object.entries(payload.b as Record<string, unknown>)) {
      if (!REMOTE.test(remote) || !Array.isArray(pin) || pin.length !== 3) return null;
      const [variant, build, version] = pin as unknown[];
      if (
        typeof variant !== 'string' ||
        !VARIANT.test(variant) ||
        typeof build !== 'string' ||
        !BUILD.test(build) ||
        typeof version !== 'string' ||
        !VERSION.test(version)
      )
        return null;
      builds[remote] = { variant, build, version };
    }
    return { id: payload.i as string | null, builds };
  }

  /** The Set-Cookie header that stores these pins. */
  header(pins: ExperimentPins, { secure = false } = {}): string {
    return `${EXPERIMENT_COOKIE}=${this.sign(pins)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }
}

/** One cookie's value from a Cookie header (the API reads no other way: it has no cookie plugin). */
export function cookieFrom(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
