import { matchRoute, type RemoteName } from '@kaloryfer/contracts';

/** At most this many pages per build are warmed after its first one (one per kind of page). */
export const MAX_WARM_PATHS = 6;

/** The shop's own pages an HTML links to (paths only: no other sites, no query, no fragment, no files such as /favicon.svg). */
export function linksIn(htmls: string[]): string[] {
  const links = new Set<string>();
  for (const html of htmls) {
    for (const [, href] of html.matchAll(/\bhref="(\/(?!\/)[^"#?]*)/g)) {
      if (!/\.(?!html$)[a-z0-9]+$/i.test(href)) links.add(href);
    }
  }
  return [...links];
}

/**
 * One linked page of each kind (route) a remote owns, to warm its server code before it takes
 * traffic: a product page's components, a category's, a CMS page's each have their first render
 * — the slow one, compiled and with its first queries — here, not in a shopper's request, where
 * it missed the region's budget and the page went out without its content (docs/rendering.md).
 */
export function warmPathsFor(remote: RemoteName, links: string[], warmed: string[]): string[] {
  const kinds = new Set(warmed.map((path) => matchRoute(path).name));
  const paths: string[] = [];
  for (const link of links) {
    const route = matchRoute(link);
    if (route.remote !== remote || kinds.has(route.name)) continue;
    kinds.add(route.name);
    paths.push(link);
    if (paths.length >= MAX_WARM_PATHS) break;
  }
  return paths;
}
