import { escapeHtml } from '@kaloryfer/domain';
import { languageAlternates, localizedPath, SEO_LANGUAGES, type PageHead, type PageRobots, type RouteMatch } from '@kaloryfer/contracts';
import type { I18n, Language } from '@kaloryfer/i18n';
import { hreflangOf, isEnglishRoute } from '../src/routing/page-language';
import { PRIVATE_ROUTES } from '../src/service-worker/routes';

/**
 * What a page tells search engines and link previews about itself (docs/seo.md, "Pages:
 * canonical, languages, noindex" and "Open Graph"), written by the page server into <head> for
 * every page type from the route, the status and the route region's `PageHead`: the page's
 * language, its canonical address in that language with its hreflang alternates, robots, and
 * the Open Graph and Twitter tags. Server code only: the browser bundles carry none of it.
 */

/**
 * Pages no search engine should list, by route: a shopper's own pages (the service worker's
 * private pages: checkout, thank-you, account) say `nofollow` too — nothing on them is for a
 * crawler, and their links are the shop's header and footer, found everywhere else; the compare
 * table (this browser's list), the error pages and the not-found page `follow`, so the shop's
 * links on them still count. A 404 is `noindex, follow` whatever its route.
 */
export const ROUTE_ROBOTS: Readonly<Record<string, PageRobots>> = {
  ...Object.fromEntries([...PRIVATE_ROUTES].map((name) => [name, 'noindex, nofollow' as const])),
  compare: 'noindex, follow',
  error: 'noindex, follow',
  placepozniej: 'noindex, follow',
  'page-not-found': 'noindex, follow',
};

export interface PageSeoInput {
  /** The route region's head ({} when it was not rendered on the server). */
  head: PageHead;
  /** The route of the page shown (after a relocation, its target). */
  route: Pick<RouteMatch, 'name'>;
  /** The path of the page shown. */
  path: string;
  status: number;
  language: Language;
  /** The shop's public origin (`PUBLIC_HOST`'s), never a request's Host. */
  publicOrigin: string;
  /** The page's title and description as <title> and the description meta say them (before the shop's suffix). */
  title: string;
  description: string;
  i18n: I18n;
}

export interface PageSeo {
  robots: PageRobots | null;
  canonical: string | null;
  alternates: { hreflang: string; href: string }[];
  /** `property` (og:…, product:…, article:…) or `name` (twitter:…) with its content, in order. */
  meta: { property?: string; name?: string; content: string }[];
}

/** The canonical path the page server writes in the page's language: the region's, else the page's own path without its query. */
function canonicalPath(head: PageHead, route: Pick<RouteMatch, 'name'>, path: string, origin: string): string | null {
  if (head.canonical) {
    try {
      const url = new URL(head.canonical, origin);
      return localizedPath(url.pathname + url.search, 'pl');
    } catch {
      return null;
    }
  }
  // Spec §2's English routes are the same pages as /checkout, /my-account and /i/{slug}.
  return isEnglishRoute(route) ? path.replace(/^\/en(?=\/)/, '') : path;
}

const absolute = (url: string, origin: string): string => {
  try {
    return new URL(url, origin).href;
  } catch {
    return `${origin}/favicon.svg`;
  }
};

export function pageSeo(input: PageSeoInput): PageSeo {
  const { head, route, status, language, i18n } = input;
  const origin = new URL(input.publicOrigin).origin;
  const robots = ROUTE_ROBOTS[route.name] ?? (status === 404 ? 'noindex, follow' : (head.robots ?? null));
  const path = status === 404 ? null : canonicalPath(head, route, input.path, origin);
  const canonical = path === null ? null : origin + localizedPath(path, hreflangOf(language));
  // Alternates only where the page may be listed: a noindex page's would point at pages that do not point back.
  const alternates = path !== null && robots === null ? (head.alternates ?? languageAlternates(origin, path)) : [];
  const graph = head.openGraph ?? {};
  const locale = (tag: string) => tag.replace('-', '_');
  const meta: PageSeo['meta'] = [
    { property: 'og:site_name', content: i18n.t('shop.name', { ns: 'common' }) },
    { property: 'og:type', content: graph.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: absolute(graph.image ?? '/favicon.svg', origin) },
    ...(graph.imageAlt ? [{ property: 'og:image:alt', content: graph.imageAlt }] : []),
    { property: 'og:locale', content: locale(language) },
    ...SEO_LANGUAGES.filter((entry) => entry.language !== language).map((entry) => ({ property: 'og:locale:alternate', content: locale(entry.language) })),
    ...(graph.properties ?? []),
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  return { robots, canonical, alternates, meta };
}

/**
 * The tags, every value escaped. Marked `data-seo="server"`: they describe the page the server
 * sent, and the shell's router drops them on the first in-app navigation (router.ts).
 */
export function seoTags(seo: PageSeo): string[] {
  return [
    ...(seo.robots ? [`<meta name="robots" content="${escapeHtml(seo.robots)}" data-seo="server">`] : []),
    ...(seo.canonical ? [`<link rel="canonical" href="${escapeHtml(seo.canonical)}" data-seo="server">`] : []),
    ...seo.alternates.map(
      (alternate) => `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" data-seo="server">`,
    ),
    ...seo.meta.map((tag) =>
      tag.name
        ? `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}" data-seo="server">`
        : `<meta property="${escapeHtml(tag.property ?? '')}" content="${escapeHtml(tag.content)}" data-seo="server">`,
    ),
  ];
}
