import { createHmac } from 'node:crypto';
import type { Override } from '@kaloryfer/api-contract';
import { TokenSigner } from '../auth/signed-token';

/**
 * Overrides for teams (docs/releasing.md, "Overrides"): an operator lets one browser load another
 * build of a remote — a published version, or a team's build on its own https origin — for a
 * while, to try it in the real shop. The operator gets a link; the browser that opens it gets a
 * signed, expiring cookie; the page server pins that build for that browser only, renders its
 * region in the browser, widens that page's CSP to its origin alone, and shows a banner. Any
 * other browser, and any forged, expired or unsigned cookie, gets the shop as it is.
 */
/** The longest an override lasts. */
export const OVERRIDE_MAX_MINUTES = 24 * 60;
/** A remoteEntry.js on a team's https origin, or a registry build's on the shop's own /mfe/. */
const ENTRY = /^(https:\/\/[^\s"'<>?#]+\/|\/mfe\/[a-z]+\/[0-9a-f]{16}\/)remoteEntry\.js$/;

export class Overrides {
  private readonly signer: TokenSigner;

  constructor(
    secret: Buffer,
    private readonly clock: () => Date = () => new Date(),
  ) {
    // A key of its own: an override can never pass for another of the shop's tokens.
    this.signer = new TokenSigner(createHmac('sha256', secret).update('kf_override team overrides').digest());
  }

  sign(override: Override): string {
    return this.signer.sign({ o: override });
  }

  /** The override a cookie or link proves, or null: forged, unsigned, expired or malformed. */
  read(token: string | null | undefined): Override | null {
    if (!token || token.length > 4096) return null;
    const override = this.signer.read(token)?.o as Override | undefined;
    if (!override || typeof override !== 'object') return null;
    const strings = ['remote', 'variant', 'name', 'entry', 'version', 'contracts', 'until'] as const;
    if (strings.some((field) => typeof override[field] !== 'string')) return null;
    if (!/^[a-z]{1,20}$/.test(override.remote) || !/^[A-Za-z_]\w*$/.test(override.name)) return null;
    if (!ENTRY.test(override.entry)) return null;
    const until = Date.parse(override.until);
    if (!Number.isFinite(until) || until <= this.clock().getTime()) return null;
    return override;
  }

  /** Seconds the override has left (the cookie's Max-Age). */
  secondsLeft(override: Override): number {
    return Math.max(0, Math.floor((Date.parse(override.until) - this.clock().getTime()) / 1000));
  }
}
