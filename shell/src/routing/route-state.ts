import { matchRoute, type RouteState } from '@kaloryfer/contracts';

/** $route's value for a location; unmatched paths are named page-not-found. */
export function routeStateFor(
  location: { pathname: string; search: string; hash: string },
  previous: RouteState | null,
  isBack: boolean,
): RouteState {
  const match = matchRoute(location.pathname);
  return {
    path: location.pathname,
    search: location.search,
    hash: location.hash,
    name: match?.name ?? 'page-not-found',
    params: match?.params ?? {},
    previousPath: previous ? previous.path : null,
    isBack,
  };
}

/** Spec §2: an unknown path goes to page-not-found carrying the path in `nf`. */
export function notFoundRedirect(location: { pathname: string; search: string }): string | null {
  if (matchRoute(location.pathname)) return null;
  return `/page-not-found?${new URLSearchParams({ nf: `${location.pathname}${location.search}` })}`;
}

/** Whether a click on this link should become an in-app navigation. */
export function isInAppLink(anchor: { href: string; target: string; hasAttribute(name: string): boolean; getAttribute(name: string): string | null }, origin: string): boolean {
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.includes('external')) return false;
  if (anchor.getAttribute('href')?.startsWith('#')) return false; // in-page anchor, e.g. the skip link
  try {
    return new URL(anchor.href).origin === origin;
  } catch {
    return false;
  }
}
