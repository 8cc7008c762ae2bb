import helmet from '@fastify/helmet';
import { servedOverTls } from '@kaloryfer/api-contract';
import type { FastifyInstance } from 'fastify';

/**
 * Browser features the shop may use: only the Payment Request API, on its own origin (the
 * checkout asks it whether Google Pay can pay — mfe-checkout/src/checkout/wallets.ts); sensors,
 * camera, microphone, location and USB for no one. Only features every current browser knows:
 * an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=()';

/** A year; no includeSubDomains: the shop does not speak for other hosts under its domain. */
export const HSTS = 'max-age=31536000';

/**
 * What an API answer (JSON, an image, a script file) may do when opened as a document: nothing —
 * no scripts, no styles, no frames, never framed. HTML pages replace it with their own policy
 * (shell/server/page-csp.ts, payments/sandbox-page-csp.ts).
 */
export const API_CSP_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** Paths answered to any site: product pictures (VSF storefronts elsewhere show /img/ URLs, the contract's image endpoint). */
const PUBLIC_TO_ANY_SITE = /^\/img\//;

/**
 * The security headers of every answer of the shop's HTTP server (API, pages, the shell's files),
 * by @fastify/helmet: `nosniff`, `X-Frame-Options: DENY` with `frame-ancestors 'none'` (no
 * framing of checkout or account: clickjacking), `Referrer-Policy: strict-origin-when-cross-origin`,
 * same-origin resource and opener policies, and the API's do-nothing CSP. Helmet has no
 * Permissions-Policy; it is set here, with HSTS when served over TLS. Pages set their own CSP
 * per request with `reply.helmet(…)` (the nonce and the registry's origins change per page).
 */
export async function installSecurityHeaders(app: FastifyInstance, { publicOrigin }: { publicOrigin: string }): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Decided per request below (TLS), not once for every answer.
    strictTransportSecurity: false,
    // The page hints its remotes' origins itself (preconnect); helmet's "off" would only cost time.
    xDnsPrefetchControl: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (servedOverTls(request.protocol, publicOrigin)) reply.header('strict-transport-security', HSTS);
    if (PUBLIC_TO_ANY_SITE.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
