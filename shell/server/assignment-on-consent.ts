import type { PinsCookie } from './ports';
import { CONSENT_COOKIE, parseConsent } from '../src/consent/consent-cookie';
import { AB_COOKIE, assignVariants } from '../src/registry/ab-assignment';
import { experimentPinsOf } from './page-builds';
import type { RegistrySnapshot } from './registry-snapshot';

export { ASSIGNMENT_PATH } from '../src/registry/exposure-beacon';
const AB_COOKIE_MAX_AGE = 180 * 86400;

/**
 * A shopper who allows analytics on a page (the banner's "Akceptuję wszystkie") is bucketed at
 * that moment, not at their next full page load (docs/experiments.md, "Consent given on a
 * page"): the assignment id is drawn now — or the one kf_mfe holds kept — into kf_mfe, and
 * kf_ab is signed again with it, keeping the builds the page pinned (the variant the shopper is
 * already on). The browser then reports the exposure of what it showed, and every later call —
 * an exposure after a click, an order — carries the id. A shopper who withdraws analytics on a
 * page loses the id from both at once (`id: null`): nothing of theirs is counted from then on.
 * Null: no A/B test runs, nothing to change.
 */
export function assignmentOnConsent(input: {
  snapshot: RegistrySnapshot;
  cookies: Record<string, string>;
  experiments: PinsCookie;
  contractsVersion: string;
  random?: () => number;
  newId?: () => string;
}): { id: string | null; setCookies: string[] } | null {
  const measure = parseConsent(input.cookies[CONSENT_COOKIE])?.analytics === true;
  const { assignments, cookie, assignmentId, canaryBucket } = assignVariants(input.snapshot.registry, {
    cookie: input.cookies[AB_COOKIE] ?? null,
    override: null,
    random: input.random ?? Math.random,
    measure,
    newId: input.newId,
  });
  if (!assignments.some((assignment) => (input.snapshot.registry.remotes[assignment.remote]?.variants.length ?? 0) > 1)) return null;
  const pinned = input.experiments.read(input.cookies.kf_ab);
  const pins = pinned ? { ...pinned, id: assignmentId } : experimentPinsOf(input.snapshot, assignments, assignmentId, input.contractsVersion, canaryBucket);
  // The same cookies, with the same attributes, as a page sets (compose-page.ts).
  const abCookie = `${AB_COOKIE}=${encodeURIComponent(cookie)}; Path=/; Max-Age=${AB_COOKIE_MAX_AGE}; SameSite=Lax`;
  return { id: assignmentId, setCookies: [abCookie, input.experiments.header(pins)] };
}
