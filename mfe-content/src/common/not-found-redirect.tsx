import { linkTo, navigationRequested } from '@kaloryfer/contracts';
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
