import { SEO_LANGUAGES } from '@kaloryfer/contracts';

/**
 * The shop's robots.txt (docs/seo.md, "robots.txt"), written from these tables. Crawlers that
 * follow Google's rules (RFC 9309 with `*` and `$`, and Google's precedence: of the rules
 * matching a path, the longest pattern wins, an Allow on a tie) read it as:
 * - everything is allowed (`Allow: /`) — the catalogue, categories, content, advice, images;
 * - except any URL with a query (`Disallow: /*?`): search results (`/categories?query=…`),
 *   filtered and sorted listings (`?color=…&sort=…`), tracking parameters, `?mfe=` overrides —
 *   whose combinations would explode crawling;
 * - but a page in another language stays crawlable: its URL is the page's path with `?lang=en`,
 *   `?lang=de` or `?lang=it` alone (shared/contracts `localizedPath`), allowed by an exact rule
 *   (`Allow: /*?lang=en$`, 11 characters) longer than `/*?` — a listing filtered in English
 *   (`?color=5&lang=en`, `?lang=en&color=5`) is not;
 * - and so do /porady's topics and pages (`/porady?topic=lazienka`, `?page=2`, in any language):
 *   pages of their own, canonical to themselves (docs/seo.md);
 * - a shopper's own pages and the shop's machinery are disallowed, in every language: a page
 *   exactly (`Disallow: /error$`, so a product whose address merely starts with "error" is not
 *   caught) and a folder by its prefix (`Disallow: /api/`), each with a second rule for its
 *   language versions (`/error?*lang=`, `/api/*?lang=`) longer than the Allow rules, so it wins.
 */

/** A shopper's own pages and one-off pages, each disallowed exactly. */
export const PRIVATE_PAGES = [
  '/cart',
  '/checkout',
  '/en/checkout',
  '/thank-you-page',
  '/my-account',
  '/en/my-account',
  '/create-password',
  '/page-not-found',
  '/error',
  '/mfe-registry.json',
] as const;

/** Folders disallowed with everything under them: a shopper's account pages and the shop's machinery (the API, the registry, the remotes' files). */
export const PRIVATE_FOLDERS = ['/my-account/', '/api/', '/registry/', '/mfe/'] as const;

/** Addresses with a query that are pages of their own (their head names them canonical). */
export const QUERY_PAGES = ['/porady?topic=', '/porady?page='] as const;

/** The exact query of a page in another language than Polish (which is the plain path). */
const LANGUAGE_RULES = SEO_LANGUAGES.filter((entry) => entry.hreflang !== 'pl').map((entry) => `/*?lang=${entry.hreflang}$`);

export type RobotsMode = 'index' | 'noindex';

export interface RobotsRule {
  directive: 'Allow' | 'Disallow';
  pattern: string;
}

/** The rules in the order written. */
export function robotsRules(mode: RobotsMode): RobotsRule[] {
  if (mode === 'noindex') return [{ directive: 'Disallow', pattern: '/' }];
  const longestAllow = Math.max(...LANGUAGE_RULES.map((rule) => rule.length));
  const privately = (plain: string, inLanguage: string): RobotsRule[] => {
    // The in-language rule must outrank the language's Allow rule (longest match wins).
    if (inLanguage.length <= longestAllow) throw new Error(`robots.txt: ${inLanguage} would lose to the language rules; lengthen it`);
    return [
      { directive: 'Disallow', pattern: plain },
      { directive: 'Disallow', pattern: inLanguage },
    ];
  };
  return [
    { directive: 'Allow', pattern: '/' },
    ...LANGUAGE_RULES.map((pattern) => ({ directive: 'Allow' as const, pattern })),
    ...QUERY_PAGES.map((pattern) => ({ directive: 'Allow' as const, pattern })),
    { directive: 'Disallow', pattern: '/*?' },
    ...PRIVATE_PAGES.flatMap((page) => privately(`${page}$`, `${page}?*lang=`)),
    ...PRIVATE_FOLDERS.flatMap((folder) => privately(folder, `${folder}*?lang=`)),
  ];
}

/** robots.txt for the shop at `origin` (the public origin: PUBLIC_URL's). */
export function robotsTxt(mode: RobotsMode, origin: string): string {
  const lines =
    mode === 'noindex'
      ? ['# This shop is not to be indexed (ROBOTS=noindex: a staging or test shop).', 'User-agent: *']
      : [
          '# Kaloryfer: the catalogue, its categories, content and advice are open to crawlers;',
          "# query URLs (search, filters, sorting) are not, but a page's language (?lang=en|de|it alone) and /porady's topics and pages are;",
          '# a shopper\'s own pages and the shop\'s machinery are not, in any language. docs/seo.md, "robots.txt".',
          'User-agent: *',
        ];
  for (const rule of robotsRules(mode)) lines.push(`${rule.directive}: ${rule.pattern}`);
  if (mode === 'index') lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
