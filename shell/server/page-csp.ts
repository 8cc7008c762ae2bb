/** What a page's Content-Security-Policy is made of (docs/security.md). */
export interface PageCspInput {
  /** This response's nonce: on the page's one inline script and its inline stylesheets. */
  nonce: string;
  /** The origins of the builds this page pins (remoteEntry.js, its chunks, its stylesheets). */
  remoteOrigins: Iterable<string>;
  /** Where the checkout sends the shopper to pay (the sandbox: the shop's public URL). */
  gatewayOrigins: Iterable<string>;
  /** Served over TLS: every http:// subresource is upgraded. */
  tls: boolean;
}

const sorted = (origins: Iterable<string>) => [...new Set(origins)].sort();

/**
 * The checkout asks the Payment Request API whether Google Pay can pay
 * (mfe-checkout/src/checkout/wallets.ts); Chromium fetches the payment method's manifest under
 * the page's connect-src — its identifier and where it redirects — and refuses the request
 * (a CSP violation) when they are not allowed.
 */
export const WALLET_CONNECT_SOURCES = ['https://google.com/pay', 'https://pay.google.com'];

/**
 * A composed page's policy: the shop's own origin ('self': the shell's scripts, the API, the
 * pictures under /img/), the origins of the remote builds the page pins (Module Federation adds
 * their entry and chunks as <script src> and their stylesheets as <link>, and fetches from
 * them), and the nonce for what the page server writes inline — the loader that starts the
 * shell after the first paint and the inlined stylesheets. No 'unsafe-inline' and no eval for
 * scripts. The JSON in <script type="application/json"> and "application/ld+json" is data the
 * browser never runs: CSP does not apply to it, so it needs no nonce.
 *
 * `style-src-attr 'unsafe-inline'`: server-rendered style="" attributes (a filter swatch's
 * colour, a rating bar's width) — attributes only, never a <style> element or a script.
 */
export function pageCspDirectives({ nonce, remoteOrigins, gatewayOrigins, tls }: PageCspInput): Record<string, string[]> {
  const remotes = sorted(remoteOrigins);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...remotes],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...remotes],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes, ...WALLET_CONNECT_SOURCES],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': sorted(["'self'", ...gatewayOrigins]),
    'frame-ancestors': ["'none'"],
    ...(tls ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Directives as the Content-Security-Policy header's value (`name value…; name`). Written here
 * rather than by helmet's `reply.helmet()`, which builds every security header's middleware again
 * and parses the policy on each call: ~5 % of the page server's thread per product page (the
 * shop's other security headers are set once per request by the API's helmet: security-headers.ts).
 */
export function cspHeaderValue(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      for (const value of values)
        if (value === '' || /[;,\s]/.test(value)) throw new Error(`CSP ${name}: ${JSON.stringify(value)} would end or split the directive`);
      return values.length > 0 ? `${name} ${values.join(' ')}` : name;
    })
    .join('; ');
}

/**
 * The origins of the builds a page pins (`PageState.registry`: a remote is one build, or its
 * assigned variant and control). An entry by path is on the shop's own origin ('self').
 */
export function pinnedOrigins(registry: { remotes: Record<string, unknown> }): Set<string> {
  const origins = new Set<string>();
  const add = (build: unknown) => {
    const entry = (build as { entry?: unknown } | null)?.entry;
    if (typeof entry === 'string' && /^https?:\/\//i.test(entry) && URL.canParse(entry)) origins.add(new URL(entry).origin);
  };
  for (const remote of Object.values(registry.remotes)) {
    const variants = (remote as { variants?: Record<string, unknown> } | null)?.variants;
    if (variants) Object.values(variants).forEach(add);
    else add(remote);
  }
  return origins;
}
