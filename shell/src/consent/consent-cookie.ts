import type { ConsentChoice } from '../behaviours/tag-manager';

/**
 * The shopper's cookie choice, kept in a first-party cookie for 12 months:
 *
 *   kf_consent=v=1&a=0&m=0&t=1767225600; Max-Age=31536000; Path=/; SameSite=Lax[; Secure]
 *
 * `v` the cookie policy's version, `a` analytics, `m` marketing (1 yes, 0 no), `t` when the
 * choice was made (seconds since 1970, the record of when consent was given). A cookie of
 * another version — or none, or one that does not parse — means "not asked yet": the banner
 * shows again. Bump CONSENT_POLICY_VERSION when the purposes or the tools behind them change.
 *
 * The page server reads it too: a page for a shopper with no choice carries the banner in its
 * HTML (shell/server/consent-banner-html.tsx), so the banner is painted with the page.
 */
export const CONSENT_COOKIE = 'kf_consent';
export const CONSENT_POLICY_VERSION = 1;
/** 12 months. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface StoredConsent extends ConsentChoice {
  version: number;
  /** When the choice was made, in seconds. */
  at: number;
}

export function serializeConsent(choice: ConsentChoice, now: number): string {
  return new URLSearchParams({
    v: String(CONSENT_POLICY_VERSION),
    a: choice.analytics ? '1' : '0',
    m: choice.marketing ? '1' : '0',
    t: String(Math.floor(now / 1000)),
  }).toString();
}

const FLAG = /^[01]$/;

/** The stored choice, or null when the value is not a choice under today's policy. */
export function parseConsent(value: string | null | undefined, now = Date.now()): StoredConsent | null {
  if (!value) return null;
  const fields = new URLSearchParams(value);
  const version = Number(fields.get('v'));
  const analytics = fields.get('a') ?? '';
  const marketing = fields.get('m') ?? '';
  const at = Number(fields.get('t'));
  if (version !== CONSENT_POLICY_VERSION || !FLAG.test(analytics) || !FLAG.test(marketing) || !Number.isFinite(at)) return null;
  // A choice older than 12 months (a cookie whose lifetime something stretched) counts as none.
  if ((at + CONSENT_MAX_AGE_SECONDS) * 1000 < now) return null;
  return { version, analytics: analytics === '1', marketing: marketing === '1', at };
}

/** The choice in `document.cookie` (or the given cookie header), if any. */
export function readConsentCookie(cookies: string = globalThis.document?.cookie ?? ''): StoredConsent | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    try {
      return parseConsent(decodeURIComponent(rest.join('=')));
    } catch {
      return null;
    }
  }
  return null;
}

/** The cookie of a choice, as `document.cookie` takes it and a `Set-Cookie` header sends it. */
export function consentCookie(choice: ConsentChoice, { now = Date.now(), secure = false } = {}): string {
  const value = encodeURIComponent(serializeConsent(choice, now));
  return `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Stores the choice for 12 months; `Secure` on https (a plain-http dev shop keeps it too). */
export function writeConsentCookie(choice: ConsentChoice, { now = Date.now(), secure = globalThis.location?.protocol === 'https:' } = {}): void {
  document.cookie = consentCookie(choice, { now, secure });
}

/**
 * Where the banner's buttons post when the banner's code has not run yet (before hydration, or
 * without JavaScript): the page server stores the choice and sends the shopper back.
 */
export const CONSENT_FORM_PATH = '/cookie-consent';
/** The two one-click choices the form can post (`choice=all|none`). */
export const FORM_CHOICES: Readonly<Record<'all' | 'none', ConsentChoice>> = {
  all: { analytics: true, marketing: true },
  none: { analytics: false, marketing: false },
};
