/**
 * What the API and the page server both read of a shopper's request (issue #53: the page server
 * imports nothing of the API's source; docs/architecture.md, "Boundaries, checked") — the
 * cookies' names and what they carry, the override link's path, and the rules both apply to a
 * request: a cross-site form, a request over TLS. The signing and reading stay the API's
 * (api/src/experiments/experiment-cookie.ts, api/src/registry/overrides.ts); the page server is
 * handed them, as ports of its own (shell/server/ports.ts).
 */

/** The signed A/B pins of a page (docs/experiments.md): the API records an order's variant from it. */
export const EXPERIMENT_COOKIE = 'kf_ab';

export interface ExperimentPin {
  variant: string;
  /** The build id (the hash of its files) and the version it was published as. */
  build: string;
  version: string;
}

export interface ExperimentPins {
  /**
   * The anonymous assignment id of kf_mfe (`s…` a shopper, `q…` forced by `?mfe=`); null for a
   * shopper who did not allow analytics: their orders still record the build, nobody is counted.
   */
  id: string | null;
  /** Per remote that runs an A/B test: the build the page pinned. */
  builds: Record<string, ExperimentPin>;
}

/** Two pins records say the same (the page server rewrites the cookie only when they differ). */
export function samePins(a: ExperimentPins | null, b: ExperimentPins): boolean {
  if (!a || a.id !== b.id) return false;
  const remotes = Object.keys(b.builds);
  return (
    Object.keys(a.builds).length === remotes.length &&
    remotes.every((remote) => {
      const left = a.builds[remote];
      const right = b.builds[remote];
      return left !== undefined && left.variant === right.variant && left.build === right.build && left.version === right.version;
    })
  );
}

/** A team's override of one remote for one browser (docs/releasing.md, "Overrides"): its signed cookie, and the link that sets it. */
export const OVERRIDE_COOKIE = 'kf_override';
export const OVERRIDE_PATH = '/__override';

export interface Override {
  remote: string;
  variant: string;
  /** The build as the browser registers it: container name, remoteEntry.js, integrity (a registry build's). */
  name: string;
  entry: string;
  integrity: string | null;
  version: string;
  contracts: string;
  /** The team's origin it is served from (the page's CSP allows it); null: the shop's own /mfe/. */
  origin: string | null;
  /** When it ends (ISO). */
  until: string;
}

/** What a cross-site form post is told (403). */
export const CROSS_SITE_FORM = 'A form sent from another site is not accepted';

/** The parts of a request the rules below read (Fastify's request has them). */
export interface RequestSeen {
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
}

/**
 * Whether a browser sent this form post from another site (CSRF, docs/security.md): a page
 * elsewhere can make a shopper's browser post a form to the shop, with the shop's cookies.
 * Browsers say where a request comes from — `Sec-Fetch-Site` (same-origin, or none when the
 * shopper acted themselves), else `Origin` — and a post from an origin that is not one of this
 * shop's is refused. A request naming neither is no browser's form (curl, a server) and carries
 * no shopper's cookies by accident: it is let through.
 */
export function isCrossSiteForm(request: RequestSeen, shopOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site !== undefined; // same-site or cross-site without an Origin: refused
  const own = [...shopOrigins, `${request.protocol}://${request.headers.host ?? ''}`];
  return !own.includes(String(origin));
}

/**
 * HSTS (and a cookie's Secure) only where the browser reached the shop over TLS: the server
 * itself on https, or the public URL is https (TLS ends at the proxy in front). Sent over plain
 * http it would be ignored anyway; on a local http shop it would be wrong.
 */
export function servedOverTls(protocol: string, publicOrigin: string): boolean {
  return protocol === 'https' || publicOrigin.startsWith('https:');
}
