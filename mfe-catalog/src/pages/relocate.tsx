import { navigationRequested } from '@kaloryfer/contracts';
import { useServerRender } from '@kaloryfer/ui';
import { useEffect } from 'react';

/**
 * The page lives at another address: the browser moves there (replacing this entry); a server
 * render answers with that route's page instead (404 when it is page-not-found).
 */
export function Relocate({ to, status }: { to: string; status: 200 | 404 }) {
  useServerRender()?.relocate(to, status);
  useEffect(() => {
    navigationRequested.emit({ to, replace: true });
  }, [to]);
  return null;
}
