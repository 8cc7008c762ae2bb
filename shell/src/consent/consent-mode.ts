import { tagManagerFor, type ConsentChoice } from '../behaviours/tag-manager';
import { readConsentCookie, writeConsentCookie, type StoredConsent } from './consent-cookie';

/**
 * The first thing the shell does in the browser (shell/src/index.ts, before any other code of
 * the shell runs): Consent Mode v2's `consent default` (denied) into dataLayer, then — for a
 * shopper who chose before — that choice as `consent update`. Everything pushed later goes
 * through the tag manager's consent gate. Imports nothing shared: it runs before the shared
 * modules are ready.
 */
export function startConsentMode(cookies?: string): StoredConsent | null {
  const manager = tagManagerFor();
  manager.start();
  const stored = readConsentCookie(cookies);
  if (stored) manager.setConsent(stored);
  return stored;
}

/** The shopper chose: kept for 12 months and told to the tag manager (`consent update`). */
export function saveConsent(choice: ConsentChoice): void {
  writeConsentCookie(choice);
  tagManagerFor().setConsent(choice);
}
