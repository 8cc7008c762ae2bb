import type { RemoteName } from '@kaloryfer/contracts';

export const EXPOSURE_PATH = '/api/experiments/exposures';
/** Where the page asks the page server for this browser's assignment id once analytics is allowed. */
export const ASSIGNMENT_PATH = '/__assignment';

/** The A/B-tested remotes this page showed: reported again once the shopper allows analytics. */
const exposedOnThisPage = new Set<RemoteName>();

function send(remote: RemoteName): void {
  const body = new Blob([JSON.stringify({ remote })], { type: 'application/json' });
  try {
    if (navigator.sendBeacon?.(EXPOSURE_PATH, body)) return;
  } catch {
    // a beacon refused (a policy, a full queue): the fetch below
  }
  void fetch(EXPOSURE_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * Tells the API that an A/B-tested remote rendered for this shopper (docs/experiments.md): a
 * beacon of a few bytes naming the remote. Which variant and build it was, and who, the API
 * reads from the shopper's signed kf_ab cookie, so the body carries nothing else. A beacon
 * survives the shopper leaving the page; where it cannot be queued, a keep-alive fetch goes.
 */
export function reportExposure(remote: RemoteName): void {
  exposedOnThisPage.add(remote);
  send(remote);
}

/**
 * The shopper chose about analytics on this page, while an A/B test runs: the page server puts
 * their cookies in line at once. Allowed: it draws their assignment id (kf_mfe, and kf_ab signed
 * again with the builds this page pinned), and what this page showed is reported again, this
 * time counted — the shopper is in the test from this moment, whether or not they ever load
 * another page in full (docs/experiments.md, "Consent given on a page"). Withdrawn: the id goes
 * from both, and nothing more of theirs is counted. Answers whether the shopper is measured now.
 */
export async function measureFromNow(post: typeof fetch = fetch): Promise<boolean> {
  let measured = false;
  try {
    const response = await post(ASSIGNMENT_PATH, { method: 'POST', credentials: 'same-origin' });
    if (response.status === 200) measured = ((await response.json()) as { result?: { measured?: boolean } }).result?.measured === true;
  } catch {
    return false; // offline: the next page the server renders puts them in line
  }
  if (measured) for (const remote of exposedOnThisPage) send(remote);
  return measured;
}
