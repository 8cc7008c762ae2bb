import type { RemoteName } from '@kaloryfer/contracts';

export const EXPOSURE_PATH = '/api/experiments/exposures';

/**
 * Tells the API that an A/B-tested remote rendered for this shopper (docs/experiments.md): a
 * beacon of a few bytes naming the remote. Which variant and build it was, and who, the API
 * reads from the shopper's signed kf_ab cookie, so the body carries nothing else. A beacon
 * survives the shopper leaving the page; where it cannot be queued, a keep-alive fetch goes.
 */
export function reportExposure(remote: RemoteName): void {
  const body = new Blob([JSON.stringify({ remote })], { type: 'application/json' });
  try {
    if (navigator.sendBeacon?.(EXPOSURE_PATH, body)) return;
  } catch {
    // a beacon refused (a policy, a full queue): the fetch below
  }
  void fetch(EXPOSURE_PATH, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}
