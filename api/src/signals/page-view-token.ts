import { createHmac, randomUUID } from 'node:crypto';
import { TokenSigner } from '../auth/signed-token';

/**
 * A page view's proof (docs/releasing.md, "What a visitor can and cannot influence"):
 * the page server mints one for each page it serves — a random nonce, the page's pinned builds
 * (each by the first 8 hex digits of its id) and an expiry — signed with a key of its own derived
 * from the shop's secret; the page hands it to its beacon. The API counts a beacon's page view
 * and failures toward a build only with a token that names the build, once per page and build.
 * A beacon without one is forged or from a page the server never served: its vitals reach
 * /metrics, nothing of it reaches a canary's decision.
 */
export const PAGE_VIEW_TOKEN_TTL_S = 30 * 60;
const SHORT = 8;
const NONCE = /^[A-Za-z0-9_-]{16}$/;
const BUILDS = /^(?:[0-9a-f]{8}){0,12}$/;

export interface PageViewToken {
  /** The page's nonce: a page and build count once. */
  nonce: string;
  /** The builds the page pinned, by short id. */
  builds: Set<string>;
  expiresAt: number;
}

export const shortBuildId = (build: string) => build.slice(0, SHORT);

/**
 * 12 random bytes, base64url: 96 of a v4 UUID's 122 random bits (its version and variant digits
 * left out). Node draws UUIDs from a pool it fills 128 at a time; `randomBytes(12)` was a call
 * into the system's generator per page, ~20 µs of the page server's thread under load (p99 ~100 µs).
 */
function randomNonce(): string {
  const hex = randomUUID().replace(/-/g, '');
  return Buffer.from(hex.slice(0, 12) + hex.slice(13, 16) + hex.slice(17, 26), 'hex').toString('base64url');
}

export class PageViewTokens {
  private readonly signer: TokenSigner;

  constructor(secret: Buffer) {
    // A key of its own: a page-view token can never pass for a customer's, a group's or the A/B pins.
    this.signer = new TokenSigner(createHmac('sha256', secret).update('kf page-view tokens').digest());
  }

  /** A token for a page that pinned these builds (their ids), valid for 30 minutes from `now`. */
  mint(builds: string[], now: Date = new Date()): string {
    const ids = [...new Set(builds.filter((build) => /^[0-9a-f]{64}$/.test(build)).map(shortBuildId))].slice(0, 12);
    return this.signer.sign({ n: randomNonce(), e: Math.floor(now.getTime() / 1000) + PAGE_VIEW_TOKEN_TTL_S, b: ids.join('') });
  }

  /** What a token proves, or null: unsigned, forged, malformed or expired. */
  read(token: string | undefined, now: Date = new Date()): PageViewToken | null {
    if (!token || token.length > 400) return null;
    const payload = this.signer.read(token);
    if (!payload || typeof payload.n !== 'string' || !NONCE.test(payload.n) || typeof payload.e !== 'number' || typeof payload.b !== 'string') return null;
    if (!BUILDS.test(payload.b) || payload.e * 1000 < now.getTime()) return null;
    const builds = new Set<string>();
    for (let at = 0; at < payload.b.length; at += SHORT) builds.add(payload.b.slice(at, at + SHORT));
    return { nonce: payload.n, builds, expiresAt: payload.e * 1000 };
  }
}
