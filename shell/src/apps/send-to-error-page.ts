import { linkTo, matchRoute, type RemoteName } from '@kaloryfer/contracts';
import { pushToDataLayer, type DataLayerEvent } from '../behaviours/tag-manager';

/** The /error address for a page that failed: `from` is the failed page (path and query), `remote` who failed. */
export function errorPageFor(failed: { pathname: string; search: string }, remote: RemoteName): string {
  const query = new URLSearchParams({ from: `${failed.pathname}${failed.search}`, remote });
  return `${linkTo({ name: 'error' })}?${query}`;
}

/**
 * A route's remote failed to load twice in a row (the first load and the shopper's retry): the
 * fact goes to the tag manager (`mfe_unavailable`, one of the shop's necessary events: the
 * /error page reports itself too, but it cannot when the content remote is the one down) and
 * the shopper goes to /error, which says what happened and offers the failed address again and
 * the home page. A full page load on purpose: the page server renders /error whichever remote
 * is down in this browser, and the next page starts with a fresh loader. On /error itself the
 * fallback simply stays.
 */
export function sendToErrorPage(remote: RemoteName, where: Location = location, report: (event: DataLayerEvent) => void = pushToDataLayer): void {
  if (matchRoute(where.pathname).name === 'error') return;
  report({ event: 'mfe_unavailable', remote, page_path: where.pathname });
  where.assign(errorPageFor(where, remote));
}
