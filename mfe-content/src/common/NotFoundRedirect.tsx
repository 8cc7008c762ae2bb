import { $connectivity, linkTo, navigationRequested, notificationRequested } from '@kaloryfer/contracts';
import { useServerRender } from '@kaloryfer/ui';
import { useEffect } from 'react';

/**
 * Content the API does not have — a CMS page or an article ('CMS query returned empty result'):
 * page-not-found carrying the path in nf (spec §2) — a 404 from the server, a replace-navigation
 * in the browser. The catalogue's NotFoundRedirect rebuilt: remotes never import each other.
 */
export function NotFoundRedirect({ path }: { path: string }) {
  const to = linkTo({ name: 'page-not-found', nf: path });
  useServerRender()?.relocate(to, 404);
  useEffect(() => {
    navigationRequested.emit({ to, replace: true });
  }, [to]);
  return null;
}

/** Spec §8: content that cannot load while offline sends the shopper home, saying why. */
export function useOfflineRedirect(failed: boolean): void {
  useEffect(() => {
    if (!failed || $connectivity.get().online) return;
    notificationRequested.emit({ type: 'warning', message: 'The product, category or CMS page is not available in Offline mode, redirecting to Home' });
    navigationRequested.emit({ to: linkTo({ name: 'home' }), replace: true });
  }, [failed]);
}
