import type { BrowserContext } from '@playwright/test';
import { BASE_URL } from '../shop-env';

/**
 * The shopper's cookie choice as the shell stores it (shell/src/consent/consent-cookie.ts):
 * `kf_consent`, policy version 1, for 12 months. A journey that is not about consent can start
 * with a choice already made — no banner over the page, and the tag manager's events (page
 * views, checkout steps, A/B facts) pushed as before — with `await chooseCookies(context)`.
 */
export function consentCookie({ analytics = true, marketing = true } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    name: 'kf_consent',
    value: encodeURIComponent(`v=1&a=${analytics ? 1 : 0}&m=${marketing ? 1 : 0}&t=${now}`),
    url: BASE_URL,
    expires: now + 365 * 24 * 60 * 60,
    sameSite: 'Lax' as const,
  };
}

export async function chooseCookies(context: BrowserContext, choice: { analytics?: boolean; marketing?: boolean } = {}): Promise<void> {
  await context.addCookies([consentCookie(choice)]);
}
