import { matchRoute, type RouteState } from '@kaloryfer/contracts';

/** $route's value for a location (paths of no fixed route are named url-dispatcher). */
export function routeStateFor(location: { pathname: string; search: string; hash: string }, previous: RouteState | null, isBack: boolean): RouteState {
  const match = matchRoute(location.pathname);
  return {
    path: location.pathname,
    search: location.search,
    hash: location.hash,
    name: match.name,
    params: match.params,
    previousPath: previous ? previous.path : null,
    isBack,
  };
}

/** Whether a click on this link should become an in-app navigation. */
export function isInAppLink(
  anchor: { href: string; target: string; hasAttribute(name: string): boolean; getAttribute(name: string): string | null },
  origin: string,
): boolean {
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return false;
  if (anchor.getAttribute('href')?.startsWith('#')) return false; // in-page anchor, e.g. the skip link
  try {
    return new URL(anchor.href).origin === origin;
  } catch {
    return false;
  }
}
