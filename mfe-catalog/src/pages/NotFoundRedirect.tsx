import { linkTo, navigationRequested } from '@kaloryfer/contracts';
import { useEffect } from 'react';

/** A category or product that does not exist: page-not-found carrying the path in nf (spec §2). */
export function NotFoundRedirect({ path }: { path: string }) {
  useEffect(() => {
    navigationRequested.emit({ to: linkTo({ name: 'page-not-found', nf: path }), replace: true });
  }, [path]);
  return null;
}
