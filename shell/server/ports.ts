import type { ExperimentPins, Override } from '@kaloryfer/api-contract';
import type { RegionUnavailableReason } from './renderers';

/**
 * What the page server asks of the parts it is composed with (issue #53: it imports nothing of
 * the API's source). Whoever composes the shop hands them in — scripts/lib/shop.ts gives the API's
 * `app.experiments.cookie`, `app.overrides` and `app.signals`, which fit these by their shape;
 * a test may give its own.
 */

/** Reads and writes the signed A/B pins cookie (kf_ab, docs/experiments.md). */
export interface PinsCookie {
  /** The pins a cookie value proves, or null: unsigned, forged, or not of this shape. */
  read(value: string | undefined | null): ExperimentPins | null;
  /** The Set-Cookie header that stores these pins. */
  header(pins: ExperimentPins, options?: { secure?: boolean }): string;
}

/** Reads a team's signed override (kf_override, docs/releasing.md "Overrides"). */
export interface OverrideReader {
  /** The override a cookie or link proves, or null: forged, unsigned, expired or malformed. */
  read(token: string | null | undefined): Override | null;
  /** Seconds it has left (the cookie's Max-Age). */
  secondsLeft(override: Override): number;
}

/** A build as its signals count it. */
export interface CountedBuild {
  remote: string;
  build: string;
  version: string;
}

/** Counts each region's server render per build, and mints a page's page-view token (docs/releasing.md, "Signals"). */
export interface RenderSignals {
  render(build: CountedBuild, outcome: 'rendered' | RegionUnavailableReason, ms: number): void;
  tokens: { mint(builds: string[]): string };
}
