/**
 * Where the payment gateway sends the shopper back to: the origin they shop on when the shop is
 * configured to be served there (PUBLIC_ORIGINS; the public URL always is), else the public URL.
 * Never an origin the request merely names: the return address is sealed into the gateway's
 * page and followed by the browser, so an unlisted origin would be an open redirect.
 */
export function returnOrigin(shopperOrigin: string | null | undefined, allowed: readonly string[], fallback: string): string {
  const origin = originOf(shopperOrigin);
  return origin !== null && allowed.some((candidate) => originOf(candidate) === origin) ? origin : fallback;
}

/** `https://Sklep.example:443/x` → `https://sklep.example`; null for anything that is not an http(s) origin. */
function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin a browser request came from: its Origin header (browsers send it with every POST,
 * same-origin fetches included), else its Referer's origin; null when neither says (or Origin
 * is the opaque "null" of a sandboxed or privacy-redirected context).
 */
export function shopperOriginOf(headers: Record<string, string | string[] | undefined>): string | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const origin = first(headers.origin);
  if (origin && origin !== 'null') return originOf(origin);
  return originOf(first(headers.referer));
}
